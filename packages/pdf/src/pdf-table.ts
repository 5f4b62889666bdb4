/** A table that flows over pages and repeats its header row on each page it reaches (pdfkit). */
import { COLORS, drawBlock, drawLine, layoutText, textStyle as style, type Doc, type TextBlock } from './pdf-text-block.ts';

/**
 * `nowrap`: a short single-line cell (figures), drawn as it is and never cut — a shortened amount would be a
 * wrong one. Other cells wrap within the column to at most `maxLines` lines (default 2) and end with an
 * ellipsis when cut.
 */
export type Column = { label: string; width: number; align?: 'left' | 'right'; nowrap?: boolean; maxLines?: number };
/** One row: a cell per column; `sub` is smaller grey text under the first cell (a line's description). */
export type Row = { cells: string[]; sub?: string | null };

/**
 * `band`/`bandText`: the header row's fill and text colours (the company's brand colour when it has one).
 * `lastPage`: the table never starts a page past this one; the rows that did not fit are counted in one line
 * of `omitted(n)` instead, so no input can make a document longer than its page budget.
 */
export type TableOptions = { band?: string; bandText?: string; lastPage: number; omitted: (count: number) => string };

const PAD = 4;
const BODY = 9;
/** A description prints at most this many lines under its line's name: the screens show it in full. */
const SUB_MAX_LINES = 8;
const CELL_MAX_LINES = 2;
const FIRST = style('Helvetica-Bold', BODY);
const CELL = style('Helvetica', BODY);
const SUB = style('Helvetica', 8, COLORS.muted);
const NOTE = style('Helvetica-Oblique', 8, COLORS.muted);
/** Room kept on the last allowed page for the line saying what was left out. */
const NOTE_ROOM = 14;

/** Bottom of the writable area of the current page. */
export const contentBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** 1-based number of the page being written (pages are only ever added at the end). */
export const currentPage = (doc: Doc) => doc.bufferedPageRange().start + doc.bufferedPageRange().count;

export function newPage(doc: Doc): void {
  doc.addPage();
  doc.y = doc.page.margins.top;
}

/** Starts a new page when `height` does not fit below doc.y; true when it did. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= contentBottom(doc)) return false;
  newPage(doc);
  return true;
}

function headerRow(doc: Doc, x: number, columns: Column[], options: TableOptions): void {
  const width = columns.reduce((s, c) => s + c.width, 0);
  const height = BODY + 2 * PAD + 2;
  const y = doc.y;
  doc.rect(x, y, width, height).fill(options.band ?? COLORS.band);
  const label = style('Helvetica-Bold', BODY, options.bandText ?? COLORS.text);
  let cx = x;
  for (const c of columns) {
    drawLine(doc, c.label, cx + PAD, y + PAD + 1, label, c.align === 'right' ? cx + c.width - PAD : undefined);
    cx += c.width;
  }
  doc.y = y + height;
}

/** A cell is either a laid-out block or, for `nowrap` columns, its text as it is. */
type LaidRow = { cells: (TextBlock | string)[]; sub: TextBlock | null; height: number };

/** Each text is laid out once here; the same lines give the row's height and are what gets drawn. */
function layoutRow(doc: Doc, columns: Column[], row: Row): LaidRow {
  let height = doc.font(CELL.font).fontSize(BODY).currentLineHeight(true);
  let sub: TextBlock | null = null;
  const cells = row.cells.map((cell, i) => {
    const c = columns[i]!;
    if (c.nowrap) return cell;
    const inner = c.width - 2 * PAD;
    const block = layoutText(doc, cell, i === 0 ? FIRST : CELL, inner, c.maxLines ?? CELL_MAX_LINES);
    let h = block.height;
    if (i === 0 && row.sub) {
      sub = layoutText(doc, row.sub, SUB, inner, SUB_MAX_LINES);
      if (sub.lines.length) h += 2 + sub.height;
    }
    height = Math.max(height, h);
    return block;
  });
  return { cells, sub, height: height + 2 * PAD };
}

function drawRow(doc: Doc, x: number, columns: Column[], laid: LaidRow): void {
  const y = doc.y;
  let cx = x;
  laid.cells.forEach((cell, i) => {
    const c = columns[i]!;
    const inner = c.width - 2 * PAD;
    if (typeof cell === 'string') {
      drawLine(doc, cell, cx + PAD, y + PAD, i === 0 ? FIRST : CELL, c.align === 'right' ? cx + c.width - PAD : undefined);
    } else {
      const below = drawBlock(doc, cell, cx + PAD, y + PAD, inner, c.align);
      if (i === 0 && laid.sub?.lines.length) drawBlock(doc, laid.sub, cx + PAD, below + 2, inner);
    }
    cx += c.width;
  });
  const width = columns.reduce((s, c) => s + c.width, 0);
  doc
    .moveTo(x, y + laid.height)
    .lineTo(x + width, y + laid.height)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + laid.height;
}

/** Draws the rows from doc.y on, within the page budget; leaves doc.y below the last one. */
export function drawTable(doc: Doc, x: number, columns: Column[], rows: Row[], options: TableOptions): void {
  const omit = (count: number) => {
    if (doc.y + NOTE_ROOM <= contentBottom(doc)) drawLine(doc, options.omitted(count), x + PAD, doc.y + 4, NOTE);
    doc.y += NOTE_ROOM;
  };
  if (doc.y + BODY * 4 + NOTE_ROOM > contentBottom(doc)) {
    if (currentPage(doc) >= options.lastPage) return omit(rows.length);
    newPage(doc);
  }
  headerRow(doc, x, columns, options);
  for (let r = 0; r < rows.length; r++) {
    const laid = layoutRow(doc, columns, rows[r]!);
    const onLastPage = currentPage(doc) >= options.lastPage;
    const room = onLastPage && r < rows.length - 1 ? NOTE_ROOM : 0;
    // 1 pt of slack for rounding at the page's bottom edge.
    if (doc.y + laid.height + room + 1 > contentBottom(doc)) {
      if (onLastPage) return omit(rows.length - r);
      newPage(doc);
      headerRow(doc, x, columns, options);
    }
    drawRow(doc, x, columns, laid);
  }
}
