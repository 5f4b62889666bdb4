/**
 * Text on the page through our own wrapper (pdf-text-wrap.ts): a text is laid out once, its height comes from
 * that same layout, and each line is drawn without a width, which keeps pdfkit's line wrapper (and its
 * automatic page breaks) out of the way entirely.
 */
import type PDFDocument from 'pdfkit';
import { wrapText, type CharWidth } from './pdf-text-wrap.ts';
import { sanitizePdfText } from './pdf-text-sanitize.ts';

export type Doc = InstanceType<typeof PDFDocument>;

export type FontName = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique';
export type TextStyle = { font: FontName; size: number; color: string };

export const COLORS = { text: '#111111', muted: '#555555', rule: '#bbbbbb', band: '#eeeeee', onDark: '#ffffff' } as const;
export const textStyle = (font: FontName, size: number, color: string = COLORS.text): TextStyle => ({ font, size, color });

/** A laid-out text: its lines and the height they take (line height × lines). */
export type TextBlock = { style: TextStyle; lines: string[]; lineHeight: number; height: number };

function useStyle(doc: Doc, style: TextStyle): Doc {
  return doc.font(style.font).fontSize(style.size).fillColor(style.color);
}

/** Character widths per font and size, measured through pdfkit once each (a few hundred WinAnsi characters). */
const charWidths = new Map<string, Map<string, number>>();

function charWidthOf(doc: Doc, style: TextStyle): CharWidth {
  const key = `${style.font}|${style.size}`;
  let widths = charWidths.get(key);
  if (!widths) charWidths.set(key, (widths = new Map()));
  return (ch) => {
    let w = widths.get(ch);
    if (w === undefined) widths.set(ch, (w = doc.widthOfString(ch)));
    return w;
  };
}

/** At most `maxLines` lines of `text` within `width` (sanitised here for Helvetica). */
export function layoutText(doc: Doc, text: string | null | undefined, style: TextStyle, width: number, maxLines: number): TextBlock {
  useStyle(doc, style);
  const { lines } = wrapText(sanitizePdfText(text), width, charWidthOf(doc, style), maxLines);
  const lineHeight = doc.currentLineHeight(true);
  return { style, lines, lineHeight, height: lines.length * lineHeight };
}

/** One line as it is (figures, labels): never wrapped nor cut; with `rightEdge` it ends there. */
export function drawLine(doc: Doc, text: string, x: number, y: number, style: TextStyle, rightEdge?: number): void {
  useStyle(doc, style);
  const line = sanitizePdfText(text).replace(/\n/g, ' ');
  doc.text(line, rightEdge === undefined ? x : rightEdge - doc.widthOfString(line), y, { lineBreak: false });
}

/** Draws a laid-out block from `y` down; right-aligned lines end at x + width. Returns the y below it. */
export function drawBlock(doc: Doc, block: TextBlock, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): number {
  useStyle(doc, block.style);
  block.lines.forEach((line, i) => {
    if (!line) return;
    const left = align === 'right' ? x + width - doc.widthOfString(line) : x;
    doc.text(line, left, y + i * block.lineHeight, { lineBreak: false });
  });
  return y + block.height;
}

/** layoutText then drawBlock: at most `maxLines` lines at (x, y); returns the y below them. */
export function drawText(
  doc: Doc,
  text: string | null | undefined,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  maxLines: number,
  align: 'left' | 'right' = 'left',
): number {
  return drawBlock(doc, layoutText(doc, text, style, width, maxLines), x, y, width, align);
}
