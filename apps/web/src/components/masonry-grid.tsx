import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Height of one implicit grid row; a card spans as many as its own height needs. */
export const MASONRY_ROW_PX = 4;
/** The vertical space between cards, added to each card's span (the grid itself has no row gap). */
export const MASONRY_GAP_PX = 16;

/** Rows a child of the given height spans, its gap below included. */
export function masonrySpan(height: number): number {
  return Math.max(1, Math.ceil((height + MASONRY_GAP_PX) / MASONRY_ROW_PX));
}

/**
 * A grid of cards of unequal height without holes: items keep their own height (align-items: start, so no
 * card is stretched to its row neighbour's height and shows an empty area) and each spans as many small
 * implicit rows as its height needs, so the next card in a column starts right below it (dense placement
 * fills the gaps). Column spans (a wide card's `md:col-span-2`) work as in any grid. Heights are measured
 * before paint and again whenever a card resizes (data arriving, a chart drawn, the window narrowed).
 */
export function MasonryGrid({ className, children, ...rest }: { className?: string; children: ReactNode; 'aria-label'?: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const grid = ref.current;
    if (!grid) return;
    const place = (item: Element) => {
      if (item instanceof HTMLElement) item.style.gridRowEnd = `span ${masonrySpan(item.getBoundingClientRect().height)}`;
    };
    const items = [...grid.children];
    items.forEach(place);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => entries.forEach((e) => place(e.target)));
    items.forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  });

  return (
    <div
      ref={ref}
      data-layout="masonry"
      className={cn('grid grid-flow-row-dense items-start gap-x-4', className)}
      style={{ gridAutoRows: `${MASONRY_ROW_PX}px` }}
      {...rest}
    >
      {children}
    </div>
  );
}
