/** A table that flows over pages and repeats its header row on each page it reaches (pdfkit). */
import type PDFDocument from 'pdfkit';
import { sanitizePdfText } from './pdf-text-sanitize.ts';

export type Doc = InstanceType<typeof PDFDocument>;

/** `nowrap`: short single-line cells (figures) skip pdfkit's line wrapper, most of a row's cost. */
export type Column = { label: string; width: number; align?: 'left' | 'right'; nowrap?: boolean };
/** One row: a cell per column; `sub` is smaller grey text under the first cell (a line's description). */
export type Row = { cells: string[]; sub?: string | null };

export const COLORS = { text: '#111111', muted: '#555555', rule: '#bbbbbb', band: '#eeeeee' } as const;
const PAD = 4;
const BODY = 9;
const SUB = 8;

/** Bottom of the writable area of the current page. */
export const contentBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` does not fit below doc.y; true when it did. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= contentBottom(doc)) return false;
  doc.addPage();
  doc.y = doc.page.margins.top;
  return true;
}

function headerRow(doc: Doc, x: number, columns: Column[]): void {
  const width = columns.reduce((s, c) => s + c.width, 0);
  const height = BODY + 2 * PAD + 2;
  const y = doc.y;
  doc.rect(x, y, width, height).fill(COLORS.band);
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(BODY);
  let cx = x;
  for (const c of columns) {
    doc.text(c.label, cx + PAD, y + PAD + 1, { width: c.width - 2 * PAD, align: c.align ?? 'left', lineBreak: false });
    cx += c.width;
  }
  doc.y = y + height;
}

function rowHeight(doc: Doc, columns: Column[], row: Row): number {
  let height = 0;
  row.cells.forEach((cell, i) => {
    const width = columns[i]!.width - 2 * PAD;
    if (columns[i]!.nowrap) return void (height = Math.max(height, doc.font('Helvetica').fontSize(BODY).currentLineHeight(true)));
    let h = doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(BODY).heightOfString(cell || ' ', { width });
    if (i === 0 && row.sub) h += 2 + doc.font('Helvetica').fontSize(SUB).heightOfString(row.sub, { width });
    height = Math.max(height, h);
  });
  return height + 2 * PAD;
}

/** Draws the rows from doc.y on; leaves doc.y below the last one. Texts are sanitised here. */
export function drawTable(doc: Doc, x: number, columns: Column[], rows: Row[]): void {
  const width = columns.reduce((s, c) => s + c.width, 0);
  const clean = rows.map((r) => ({ cells: r.cells.map((c) => sanitizePdfText(c)), sub: sanitizePdfText(r.sub) }));
  ensureSpace(doc, BODY * 4);
  headerRow(doc, x, columns);
  for (const row of clean) {
    const height = rowHeight(doc, columns, row);
    // 1 pt of slack: pdfkit starts a page itself when a line would end past the bottom by a rounding error.
    if (ensureSpace(doc, height + 1)) headerRow(doc, x, columns);
    const y = doc.y;
    let cx = x;
    row.cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.fillColor(COLORS.text).font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(BODY);
      doc.text(cell, cx + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align ?? 'left', lineBreak: !c.nowrap });
      if (i === 0 && row.sub) {
        doc.fillColor(COLORS.muted).font('Helvetica').fontSize(SUB).text(row.sub, cx + PAD, doc.y + 2, { width: c.width - 2 * PAD });
      }
      cx += c.width;
    });
    doc.moveTo(x, y + height).lineTo(x + width, y + height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.y = y + height;
  }
  doc.fillColor(COLORS.text);
}
