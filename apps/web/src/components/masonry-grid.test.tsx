import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MASONRY_GAP_PX, MASONRY_ROW_PX, MasonryGrid, masonrySpan } from './masonry-grid';

const HEIGHTS: Record<string, number> = { tall: 746, short: 389, wide: 435 };

afterEach(() => vi.restoreAllMocks());

describe('MasonryGrid', () => {
  it('keeps each card at its own height and spans rows by that height, so a short card beside a tall one is not stretched', () => {
    // jsdom has no layout: each card reports the height it would have in the browser.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { height: HEIGHTS[this.dataset.card ?? ''] ?? 0 } as DOMRect;
    });
    render(
      <MasonryGrid aria-label="Cards" className="grid-cols-3">
        <section data-card="wide" className="col-span-2" />
        <section data-card="tall" />
        <section data-card="short" />
      </MasonryGrid>,
    );
    const grid = screen.getByLabelText('Cards');
    // Grid items start at the top of their area instead of stretching to the tallest in the row.
    expect(grid.className.split(/\s+/)).toEqual(expect.arrayContaining(['grid', 'items-start', 'grid-flow-row-dense']));
    expect(grid.style.gridAutoRows).toBe(`${MASONRY_ROW_PX}px`);
    const spans = [...grid.children].map((c) => (c as HTMLElement).style.gridRowEnd);
    expect(spans).toEqual([`span ${masonrySpan(435)}`, `span ${masonrySpan(746)}`, `span ${masonrySpan(389)}`]);
    // A tall card spans about twice the rows of a half-height one: the next card starts right below the short one.
    expect(masonrySpan(389)).toBe(Math.ceil((389 + MASONRY_GAP_PX) / MASONRY_ROW_PX));
    expect(masonrySpan(746)).toBeGreaterThan(masonrySpan(389) * 1.8);
  });
});
