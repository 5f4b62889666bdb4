import { describe, expect, it } from 'vitest';
import { ELLIPSIS, paragraphsOf, wrapText } from './pdf-text-wrap.ts';

/** Every character 1 pt wide, the ellipsis too: widths are then character counts. */
const mono = () => 1;

describe('wrapText', () => {
  it('breaks at spaces within the width and keeps every word when the text fits the line budget', () => {
    const text = 'the quick brown fox jumps over the lazy dog';
    const { lines, cut } = wrapText(text, 10, mono, 10);
    expect(lines).toEqual(['the quick', 'brown fox', 'jumps over', 'the lazy', 'dog']);
    expect(cut).toBe(false);
    expect(lines.join(' ')).toBe(text);
  });

  it('splits a word wider than the line into pieces that fill it', () => {
    expect(wrapText('ab abcdefghijk', 4, mono, 10).lines).toEqual(['ab', 'abcd', 'efgh', 'ijk']);
  });

  it('stops at the line budget and ends the last line with an ellipsis that still fits', () => {
    const { lines, cut } = wrapText('aaaa bbbb cccc dddd', 4, mono, 2);
    expect(cut).toBe(true);
    expect(lines).toEqual(['aaaa', `bbb${ELLIPSIS}`]);
  });

  it('cuts a 1,000,000-character word at the line budget', () => {
    const { lines, cut } = wrapText('x'.repeat(1_000_000), 50, mono, 3);
    expect(cut).toBe(true);
    expect(lines.map((l) => l.length)).toEqual([50, 50, 50]);
  });

  it('collapses runs of blank lines to one and drops them at either end', () => {
    expect(paragraphsOf('\n\n a\n\n\n\nb  \n \n\n')).toEqual([' a', '', 'b']);
    expect(wrapText('a\n'.repeat(1000), 20, mono, 8)).toEqual({ lines: ['a', 'a', 'a', 'a', 'a', 'a', 'a', `a${ELLIPSIS}`], cut: true });
    expect(wrapText('\n\n\n', 20, mono, 8).lines).toEqual([]);
  });

  it('still ends when the column is narrower than one character', () => {
    expect(wrapText('abc', 0.5, mono, 5).lines).toEqual(['a', 'b', 'c']);
  });
});
