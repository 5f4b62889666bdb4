/**
 * Estimate and invoice PDFs, drawn with pdfkit's built-in Helvetica so no font files ship. Input is
 * the API's own DTOs, so the paper shows exactly what the screens show; margin and cost figures are left out.
 */
import PDFDocument from 'pdfkit';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import type { Invoice, Payment } from '@fieldwork/domain/billing/invoices.schemas';
import type { Line } from '@fieldwork/domain/billing/billing.schemas';
import { ESTIMATE_STATUS_LABELS } from '@fieldwork/domain/billing/estimates.rules';
import { calendarDate, dateTimeInZone, money, percent, quantity } from './pdf-format.ts';
import { PAYMENT_METHOD_LABELS } from '@fieldwork/domain/billing/invoices.rules';
import { documentDates } from '@fieldwork/domain/billing/documents.rules';
import { drawTable, ensureSpace, type Column } from './pdf-table.ts';
import { COLORS, drawBlock, drawLine, drawText, layoutText, textStyle as style, type Doc, type TextBlock } from './pdf-text-block.ts';
import { drawCheckedImage, signatureBytes } from './pdf-images.ts';
import { themeOf, type PdfTheme } from './pdf-theme.ts';
import { sanitizePdfText } from './pdf-text-sanitize.ts';

/**
 * The tenant's details; only a name is required (address, phone and email print when the record has them).
 * `logo`: PNG or JPEG bytes, drawn top-left when their header passes the logo size check; `brandColor`
 * ('#rrggbb') colours the document title, the header rule and the table header band.
 */
export type PdfCompany = {
  name: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  logo?: { data: Uint8Array } | null;
  brandColor?: string | null;
};
type Common = { company: PdfCompany; /** IANA zone of the tenant, for instants (approval time, created day). */ timeZone: string };
export type DocumentPdfInput = (Common & { kind: 'estimate'; document: Estimate }) | (Common & { kind: 'invoice'; document: Invoice });

const MARGIN = 48;
const PAGE = { width: 612, height: 792 }; // US Letter
const WIDTH = PAGE.width - 2 * MARGIN;

/** What both kinds print, read once from either DTO. */
type Sheet = {
  title: 'Estimate' | 'Invoice';
  number: number;
  statusLabel: string;
  dates: [string, string][];
  doc: Estimate | Invoice;
  message: string | null;
  payments: Payment[] | null;
  approval: Estimate['approval'];
};

/** The page's dates, printed the way the PDF writes days. */
const printedDates = (...args: Parameters<typeof documentDates>): [string, string][] => documentDates(...args).map((d) => [d.label, calendarDate(d.day)]);

function sheetOf(input: DocumentPdfInput): Sheet {
  const { timeZone } = input;
  if (input.kind === 'estimate') {
    const e = input.document;
    return {
      title: 'Estimate',
      number: e.estimateNumber,
      statusLabel: e.statusLabel,
      dates: printedDates('estimate', { documentDate: e.estimateDate, dueDate: e.dueDate, createdAt: e.createdAt }, timeZone),
      doc: e,
      message: e.estimateCustomerMessage,
      payments: null,
      approval: e.approval,
    };
  }
  const i = input.document;
  return {
    title: 'Invoice',
    number: i.invoiceNumber,
    statusLabel: i.statusLabel,
    dates: printedDates('invoice', { documentDate: i.invoiceDate, dueDate: i.dueDate, createdAt: i.createdAt }, timeZone),
    doc: i,
    message: i.invoiceCustomerMessage,
    payments: i.payments,
    approval: null,
  };
}

/**
 * No document is longer than this. Every text a line can carry is capped below, so the longest valid document
 * (200 lines with every name and description at the API's maximum) stays well under it; the tables stop at it
 * anyway, with a note of what was left out, so no input and no later change can make a render run away.
 */
export const MAX_PAGES = 60;
/** Pages kept after the lines table for the totals, the payments, the message and the approval (≤ 1 each). */
const PAGES_AFTER_LINES = 4;
/** Pages kept after the payments table for the message and the approval. */
const PAGES_AFTER_PAYMENTS = 2;

// What the paper prints of the free texts; the screens show them in full. Each stays within one page.
const NAME_MAX_LINES = 3;
const MESSAGE_MAX_LINES = 48;
const COMMENT_MAX_LINES = 24;
const FIELD_MAX_LINES = 3;
const COMPANY_MAX_LINES = 2;

const LOGO_FIT: [number, number] = [140, 48];
const SIGNATURE_FIT: [number, number] = [220, 80];

const LABEL = style('Helvetica-Bold', 8, COLORS.muted);
const VALUE = style('Helvetica', 10);

/** Renders the document to a PDF in memory. */
export function renderDocumentPdf(input: DocumentPdfInput): Promise<Buffer> {
  const sheet = sheetOf(input);
  const theme = themeOf(input.company.brandColor);
  const doc: Doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + 16 },
    bufferPages: true,
    info: { Title: sanitizePdfText(`${sheet.title} ${sheet.number}`), Author: sanitizePdfText(input.company.name) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    header(doc, input.company, sheet, theme);
    parties(doc, sheet);
    lines(doc, sheet.doc.productServices, theme);
    totals(doc, sheet);
    if (sheet.payments) payments(doc, sheet.payments, theme);
    if (sheet.message) message(doc, sheet.message);
    if (sheet.approval) approval(doc, sheet.approval, input.timeZone);
    pageNumbers(doc, sheet);
    doc.end();
  } catch (err) {
    return Promise.reject(err);
  }
  return done;
}

function header(doc: Doc, company: PdfCompany, sheet: Sheet, theme: PdfTheme): void {
  const top = MARGIN;
  const leftW = WIDTH * 0.6;
  let left = top;
  if (company.logo && drawCheckedImage(doc, 'logo', company.logo.data, MARGIN, top, LOGO_FIT)) left += LOGO_FIT[1] + 8;
  left = drawText(doc, company.name, MARGIN, left, leftW, style('Helvetica-Bold', 16), COMPANY_MAX_LINES);
  for (const extra of [company.address, company.phone, company.email]) {
    if (extra) left = drawText(doc, extra, MARGIN, left + 1, leftW, style('Helvetica', 9, COLORS.muted), COMPANY_MAX_LINES);
  }
  const rightX = MARGIN + leftW;
  const rightW = WIDTH * 0.4;
  let right = drawText(doc, sheet.title.toUpperCase(), rightX, top, rightW, style('Helvetica-Bold', 20, theme.title), 1, 'right');
  right = drawText(doc, `${sheet.title} #${sheet.number}`, rightX, right + 2, rightW, style('Helvetica', 11), 1, 'right');
  right = drawText(doc, `Status: ${sheet.statusLabel}`, rightX, right + 2, rightW, style('Helvetica-Bold', 10, COLORS.muted), 2, 'right');
  doc.y = Math.max(left, right) + 10;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(0.75)
    .strokeColor(theme.rule)
    .stroke();
  doc.y += 10;
}

/** A small grey label over its value, laid out before anything is drawn so a block can be kept on one page. */
type Field = { label: string; value: TextBlock };
const fieldOf = (doc: Doc, width: number, label: string, value: string | null | undefined, maxLines = FIELD_MAX_LINES): Field => ({
  label,
  value: layoutText(doc, value || '—', VALUE, width, maxLines),
});
const FIELD_LABEL_HEIGHT = 11;
const fieldHeight = (f: Field) => FIELD_LABEL_HEIGHT + f.value.height + 6;

/** Draws a field at (x, y); returns the y below it. */
function drawField(doc: Doc, x: number, y: number, width: number, f: Field): number {
  drawLine(doc, f.label, x, y, LABEL);
  return drawBlock(doc, f.value, x, y + FIELD_LABEL_HEIGHT, width) + 6;
}

function parties(doc: Doc, sheet: Sheet): void {
  const d = sheet.doc;
  const colW = WIDTH / 2 - 10;
  const top = doc.y;
  const customer: [string, string | null | undefined][] = [
    ['Customer', d.account.name],
    ['Site Address', d.tenantAccountAddress?.fullAddress],
    ['Building/Unit', d.buildingUnit?.buildingUnit],
    ['Billing Contact', d.billingContact?.name],
    ['Site Contact', d.siteContact?.name],
  ];
  let left = top;
  for (const [label, value] of customer) left = drawField(doc, MARGIN, left, colW, fieldOf(doc, colW, label, value));
  const terms: [string, string][] = [...sheet.dates, ['Payment Term', d.paymentTerm ?? '—']];
  if (d.job) terms.push(['Job', `#${d.job.jobNumber}`]);
  let right = top;
  for (const [label, value] of terms) right = drawField(doc, MARGIN + WIDTH / 2 + 10, right, colW, fieldOf(doc, colW, label, value));
  doc.y = Math.max(left, right) + 4;
}

const LINE_COLUMNS: Column[] = [
  { label: 'Product/Service', width: 236, maxLines: NAME_MAX_LINES },
  { label: 'Qty', width: 50, align: 'right', nowrap: true },
  { label: 'Rate', width: 80, align: 'right', nowrap: true },
  { label: 'Tax %', width: 50, align: 'right', nowrap: true },
  { label: 'Amount', width: WIDTH - 416, align: 'right', nowrap: true },
];

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const omitted = (one: string, many: string) => (n: number) =>
  `${plural(n, one, many)} not printed: a PDF holds at most ${MAX_PAGES} pages. The full list is in Fieldwork.`;

function lines(doc: Doc, items: Line[], theme: PdfTheme): void {
  const rows = items.map((l) => ({
    cells: [l.name, quantity(l.qty), money(l.rate), l.isTaxable ? percent(l.taxPercent) : '—', money(l.total)],
    sub: l.description,
  }));
  drawTable(doc, MARGIN, LINE_COLUMNS, rows, {
    band: theme.band,
    bandText: theme.bandText,
    lastPage: MAX_PAGES - PAGES_AFTER_LINES,
    omitted: omitted('more line', 'more lines'),
  });
  if (!items.length) drawLine(doc, 'No products or services.', MARGIN + 4, doc.y + 4, style('Helvetica', 9, COLORS.muted));
  doc.y += 12;
}

function totals(doc: Doc, sheet: Sheet): void {
  const d = sheet.doc;
  const rows: [string, string, boolean?][] = [
    ['Subtotal', money(d.subTotal)],
    ['Tax', money(d.tax)],
    ['Freight', money(d.freight)],
    ['Total', money(d.totalAmount), true],
    ['Deposit Required', d.isDepositRequired ? 'Yes' : 'No'],
  ];
  if (d.isDepositRequired) rows.push(['Deposit Amount', money(d.depositAmount)]);
  if ('depositPayment' in d && d.depositPayment)
    rows.push(['Deposit Received', `${money(d.depositPayment.amount)} on ${calendarDate(d.depositPayment.paidOn)}`]);
  if ('balance' in d) rows.push(['Paid', money(d.paidAmount)], ['Balance Due', money(d.balance), true]);
  ensureSpace(doc, rows.length * 16 + 8);
  const x = MARGIN + WIDTH - 240;
  for (const [label, value, strong] of rows) {
    const look = strong ? style('Helvetica-Bold', 11) : VALUE;
    drawLine(doc, label, x, doc.y, look);
    drawLine(doc, value, x + 120, doc.y, look, x + 240);
    doc.y += 16;
  }
  doc.y += 8;
}

/** A section heading, on the page where at least `room` points of what follows it fit. */
function heading(doc: Doc, text: string, room: number): void {
  ensureSpace(doc, 20 + room);
  drawLine(doc, text, MARGIN, doc.y, style('Helvetica-Bold', 11));
  doc.y += 17;
}

function payments(doc: Doc, list: Payment[], theme: PdfTheme): void {
  heading(doc, 'Payments', 40);
  if (!list.length) {
    drawLine(doc, 'No payments recorded.', MARGIN, doc.y, style('Helvetica', 9, COLORS.muted));
    doc.y += 12;
    return;
  }
  const columns: Column[] = [
    { label: 'Date', width: 110, nowrap: true },
    { label: 'Method', width: 120, nowrap: true },
    { label: 'Reference', width: WIDTH - 330 },
    { label: 'Amount', width: 100, align: 'right', nowrap: true },
  ];
  const rows = list.map((p) => ({ cells: [calendarDate(p.paidOn), PAYMENT_METHOD_LABELS[p.method], p.reference ?? '—', money(p.amount)] }));
  drawTable(doc, MARGIN, columns, rows, {
    band: theme.band,
    bandText: theme.bandText,
    lastPage: MAX_PAGES - PAGES_AFTER_PAYMENTS,
    omitted: omitted('more payment', 'more payments'),
  });
  doc.y += 12;
}

/** The whole message on one page (it is capped to fit one). */
function message(doc: Doc, text: string): void {
  const block = layoutText(doc, text, VALUE, WIDTH, MESSAGE_MAX_LINES);
  heading(doc, 'Message to Customer', block.height);
  doc.y = drawBlock(doc, block, MARGIN, doc.y, WIDTH) + 12;
}

/** The signature, then who decided what and when; laid out first and kept on one page. */
function approval(doc: Doc, a: NonNullable<Estimate['approval']>, timeZone: string): void {
  const fields = [
    fieldOf(doc, WIDTH, 'Signed By', a.signerName),
    fieldOf(doc, WIDTH, 'Decision', ESTIMATE_STATUS_LABELS[a.decision]),
    fieldOf(doc, WIDTH, 'Signed At', dateTimeInZone(a.signedAt, timeZone)),
    fieldOf(doc, WIDTH, 'IP Address', a.signerIp ?? '—'),
  ];
  // The portal's record: where the customer answered, a signature typed instead of drawn, and the fingerprint of
  // the document as answered, so the printed copy carries the same evidence as the screen.
  if (a.via) fields.push(fieldOf(doc, WIDTH, 'Answered', a.via === 'portal' ? 'In the customer portal' : 'Onsite'));
  if (a.typedSignature) fields.push(fieldOf(doc, WIDTH, 'Typed Signature', a.typedSignature));
  if (a.documentHash) fields.push(fieldOf(doc, WIDTH, 'Document SHA-256', a.documentHash, 2));
  if (a.comment) fields.push(fieldOf(doc, WIDTH, 'Comment', a.comment, COMMENT_MAX_LINES));
  const signature = signatureBytes(a.signature);
  const imageRoom = signature ? SIGNATURE_FIT[1] + 4 : 0;
  heading(doc, 'Customer Approval', imageRoom + fields.reduce((h, f) => h + fieldHeight(f), 0));
  if (signature) {
    const top = doc.y;
    if (drawCheckedImage(doc, 'signature', signature, MARGIN, top, SIGNATURE_FIT)) doc.y = top + imageRoom;
    else {
      drawLine(doc, 'Signature image could not be shown.', MARGIN, top, style('Helvetica-Oblique', 9, COLORS.muted));
      doc.y = top + 16;
    }
  }
  for (const f of fields) doc.y = drawField(doc, MARGIN, doc.y, WIDTH, f);
}

/** "Page n of m" under every page, written once the page count is known (bufferPages). */
function pageNumbers(doc: Doc, sheet: Sheet): void {
  const range = doc.bufferedPageRange();
  const look = style('Helvetica', 8, COLORS.muted);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 10;
    drawLine(doc, `${sheet.title} #${sheet.number}`, MARGIN, y, look);
    drawLine(doc, `Page ${i - range.start + 1} of ${range.count}`, MARGIN + WIDTH / 2, y, look, MARGIN + WIDTH);
  }
}
