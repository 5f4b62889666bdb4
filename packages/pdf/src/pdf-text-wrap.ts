/**
 * Line wrapping for the PDF, done once per text and in linear time. pdfkit's own wrapper lays a text out again
 * for every measurement and breaks a word wider than the line one character at a time, re-measuring the rest
 * after each: a 2,000-character word cost seconds. Here a width is the sum of its characters' widths (one
 * lookup each), an over-long word is split in the same single pass, and wrapping stops as soon as the line
 * budget is spent, so the work is bounded by what is printed, not by what was typed.
 *
 * Kerning is left out of the sums. Helvetica's kerning pairs almost all narrow a pair, so a line measured this
 * way is at least as wide as drawn: it may wrap a word early, never overflow its column.
 */

/** Width in points of one character in the font and size it will be drawn with. */
export type CharWidth = (ch: string) => number;

/** The lines to draw; `cut` when text was left out (the last line then ends with ELLIPSIS). */
export type WrappedText = { lines: string[]; cut: boolean };

/** WinAnsi has the ellipsis character, so Helvetica draws it. */
export const ELLIPSIS = '…';

/**
 * Paragraphs of the text with its runs of blank lines collapsed to one and none at either end: a description
 * of 1,000 newlines would otherwise be 1,000 blank lines on paper and say nothing.
 */
export function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const paragraph = raw.trimEnd();
    if (paragraph === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(paragraph);
  }
  if (out[out.length - 1] === '') out.pop();
  return out;
}

/** The width of `text`, or Infinity as soon as it passes `limit`: a huge word is not read to its end. */
function widthOf(text: string, charWidth: CharWidth, limit = Infinity): number {
  let w = 0;
  for (const ch of text) {
    w += charWidth(ch);
    if (w > limit) return Infinity;
  }
  return w;
}

/** Pieces of a word that each fit `width` (at least one character each, so a too-narrow column still ends). */
function* splitWord(word: string, width: number, charWidth: CharWidth): Generator<string> {
  let piece = '';
  let used = 0;
  for (const ch of word) {
    const w = charWidth(ch);
    if (piece && used + w > width) {
      yield piece;
      piece = '';
      used = 0;
    }
    piece += ch;
    used += w;
  }
  if (piece) yield piece;
}

/** Every line of the wrapped text, lazily: the caller stops pulling once it has enough. */
function* wrappedLines(text: string, width: number, charWidth: CharWidth): Generator<string> {
  const space = charWidth(' ');
  for (const paragraph of paragraphsOf(text)) {
    let line = '';
    let used = 0;
    for (const word of paragraph.split(' ')) {
      if (!word) continue;
      const w = widthOf(word, charWidth, width);
      if (line && used + space + w <= width) {
        line += ' ' + word;
        used += space + w;
        continue;
      }
      if (line) yield line;
      if (w <= width) {
        line = word;
        used = w;
        continue;
      }
      // Leading spaces of a paragraph (indentation) are dropped with the empty words: paper is not a text editor.
      let last = '';
      for (const piece of splitWord(word, width, charWidth)) {
        if (last) yield last;
        last = piece;
      }
      line = last;
      used = widthOf(last, charWidth);
    }
    yield line; // '' for a blank paragraph: one empty line
  }
}

/** `line` shortened from its end until it and the ellipsis fit `width`. */
function withEllipsis(line: string, width: number, charWidth: CharWidth): string {
  const chars = [...line.trimEnd()];
  let used = widthOf(line.trimEnd(), charWidth);
  const room = width - charWidth(ELLIPSIS);
  while (chars.length && used > room) used -= charWidth(chars.pop()!);
  return chars.join('').trimEnd() + ELLIPSIS;
}

/**
 * At most `maxLines` lines of `text` (already safe for the font) that each fit `width`, breaking at spaces and
 * inside words too long for a line; when more would follow, the last line ends with an ellipsis.
 */
export function wrapText(text: string, width: number, charWidth: CharWidth, maxLines: number): WrappedText {
  const lines: string[] = [];
  for (const line of wrappedLines(text, width, charWidth)) {
    if (lines.length === maxLines) {
      lines[maxLines - 1] = withEllipsis(lines[maxLines - 1]!, width, charWidth);
      return { lines, cut: true };
    }
    lines.push(line);
  }
  return { lines, cut: false };
}
