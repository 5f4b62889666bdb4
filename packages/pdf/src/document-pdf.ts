/**
 * Estimate and invoice PDFs (issue 8), drawn with pdfkit's built-in Helvetica so no font files ship. Input is
 * the API's own DTOs, so the paper shows exactly what the screens show; margin and cost figures are left out.
 */
import PDFDocument from 'pdfkit';
import type { Estimate } from '@fieldwork/domain/estimates.schemas';
import type { Invoice, Payment } from '@fieldwork/domain/invoices.schemas';
import type { Line } from '@fieldwork/domain/billing.schemas';
import { ESTIMATE_STATUS_LABELS } from '@fieldwork/domain/estimates.rules';
import { calendarDate, dateTimeInZone, dayInZone, money, percent, quantity } from './pdf-format.ts';
import { PAYMENT_METHOD_LABELS } from '@fieldwork/domain/invoices.rules';
import { COLORS, drawTable, ensureSpace, type Column, type Doc } from './pdf-table.ts';
import { sanitizePdfText } from './pdf-text-sanitize.ts';

/** The tenant's details; only a name is required (address, phone and email print when the record has them). */
export type PdfCompany = { name: string; address?: string | null; phone?: string | null; email?: string | null };
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

function sheetOf(input: DocumentPdfInput): Sheet {
  const { timeZone } = input;
  if (input.kind === 'estimate') {
    const e = input.document;
    const date = e.estimateDate ? calendarDate(e.estimateDate) : dayInZone(e.createdAt, timeZone);
    return { title: 'Estimate', number: e.estimateNumber, statusLabel: e.statusLabel, dates: [['Estimate Date', date], ['Due Date', calendarDate(e.dueDate)]], doc: e, message: e.estimateCustomerMessage, payments: null, approval: e.approval };
  }
  const i = input.document;
  const date = i.invoiceDate ? calendarDate(i.invoiceDate) : dayInZone(i.createdAt, timeZone);
  return { title: 'Invoice', number: i.invoiceNumber, statusLabel: i.statusLabel, dates: [['Invoice Date', date], ['Due Date', calendarDate(i.dueDate)]], doc: i, message: i.invoiceCustomerMessage, payments: i.payments, approval: null };
}

/** Renders the document to a PDF in memory. */
export function renderDocumentPdf(input: DocumentPdfInput): Promise<Buffer> {
  const sheet = sheetOf(input);
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
    header(doc, input.company, sheet);
    parties(doc, sheet);
    lines(doc, sheet.doc.productServices);
    totals(doc, sheet);
    if (sheet.payments) payments(doc, sheet.payments);
    if (sheet.message) message(doc, sheet.message);
    if (sheet.approval) approval(doc, sheet.approval, input.timeZone);
    pageNumbers(doc, sheet);
    doc.end();
  } catch (err) {
    return Promise.reject(err);
  }
  return done;
}

const t = sanitizePdfText;

function header(doc: Doc, company: PdfCompany, sheet: Sheet): void {
  const top = MARGIN;
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(16).text(t(company.name), MARGIN, top, { width: WIDTH * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted);
  for (const extra of [company.address, company.phone, company.email]) if (extra) doc.text(t(extra), MARGIN, doc.y + 1, { width: WIDTH * 0.6 });
  const leftBottom = doc.y;
  const rightX = MARGIN + WIDTH * 0.6;
  const rightW = WIDTH * 0.4;
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(20).text(sheet.title.toUpperCase(), rightX, top, { width: rightW, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(`${sheet.title} #${sheet.number}`, rightX, doc.y + 2, { width: rightW, align: 'right' });
  doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.muted).text(`Status: ${t(sheet.statusLabel)}`, rightX, doc.y + 2, { width: rightW, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 10;
  rule(doc);
}

function rule(doc: Doc): void {
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + WIDTH, doc.y).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
  doc.y += 10;
}

/** A small grey label over its value; returns the y below it. */
function field(doc: Doc, x: number, y: number, width: number, label: string, value: string): number {
  doc.fillColor(COLORS.muted).font('Helvetica-Bold').fontSize(8).text(label, x, y, { width });
  doc.fillColor(COLORS.text).font('Helvetica').fontSize(10).text(t(value) || '—', x, doc.y + 1, { width });
  return doc.y + 6;
}

function parties(doc: Doc, sheet: Sheet): void {
  const d = sheet.doc;
  const colW = WIDTH / 2 - 10;
  const top = doc.y;
  let left = top;
  const customer: [string, string | null | undefined][] = [
    ['Customer', d.account.name],
    ['Site Address', d.tenantAccountAddress?.fullAddress],
    ['Building/Unit', d.buildingUnit?.buildingUnit],
    ['Billing Contact', d.billingContact?.name],
    ['Site Contact', d.siteContact?.name],
  ];
  for (const [label, value] of customer) left = field(doc, MARGIN, left, colW, label, value ?? '—');
  let right = top;
  const terms: [string, string][] = [...sheet.dates, ['Payment Term', d.paymentTerm ?? '—']];
  if (d.job) terms.push(['Job', `#${d.job.jobNumber}`]);
  for (const [label, value] of terms) right = field(doc, MARGIN + WIDTH / 2 + 10, right, colW, label, value);
  doc.y = Math.max(left, right) + 4;
}

const LINE_COLUMNS: Column[] = [
  { label: 'Product/Service', width: 236 },
  { label: 'Qty', width: 50, align: 'right', nowrap: true },
  { label: 'Rate', width: 80, align: 'right', nowrap: true },
  { label: 'Tax %', width: 50, align: 'right', nowrap: true },
  { label: 'Amount', width: WIDTH - 416, align: 'right', nowrap: true },
];

function lines(doc: Doc, items: Line[]): void {
  const rows = items.map((l) => ({
    cells: [l.name, quantity(l.qty), money(l.rate), l.isTaxable ? percent(l.taxPercent) : '—', money(l.total)],
    sub: l.description,
  }));
  drawTable(doc, MARGIN, LINE_COLUMNS, rows);
  if (!items.length) doc.fillColor(COLORS.muted).font('Helvetica').fontSize(9).text('No products or services.', MARGIN + 4, doc.y + 4);
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
  if ('depositPayment' in d && d.depositPayment) rows.push(['Deposit Received', `${money(d.depositPayment.amount)} on ${calendarDate(d.depositPayment.paidOn)}`]);
  if ('balance' in d) rows.push(['Paid', money(d.paidAmount)], ['Balance Due', money(d.balance), true]);
  ensureSpace(doc, rows.length * 16 + 8);
  const x = MARGIN + WIDTH - 240;
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    doc.fillColor(COLORS.text).font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 11 : 10);
    doc.text(label, x, y, { width: 120 });
    doc.text(value, x + 120, y, { width: 120, align: 'right' });
    doc.y = y + 16;
  }
  doc.y += 8;
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.fillColor(COLORS.text).font('Helvetica-Bold').fontSize(11).text(text, MARGIN, doc.y, { width: WIDTH });
  doc.y += 4;
}

function payments(doc: Doc, list: Payment[]): void {
  heading(doc, 'Payments');
  if (!list.length) {
    doc.fillColor(COLORS.muted).font('Helvetica').fontSize(9).text('No payments recorded.', MARGIN, doc.y, { width: WIDTH });
    doc.y += 12;
    return;
  }
  const columns: Column[] = [
    { label: 'Date', width: 110 },
    { label: 'Method', width: 120, nowrap: true },
    { label: 'Reference', width: WIDTH - 330 },
    { label: 'Amount', width: 100, align: 'right', nowrap: true },
  ];
  drawTable(doc, MARGIN, columns, list.map((p) => ({ cells: [calendarDate(p.paidOn), PAYMENT_METHOD_LABELS[p.method], p.reference ?? '—', money(p.amount)] })));
  doc.y += 12;
}

function message(doc: Doc, text: string): void {
  heading(doc, 'Message to Customer');
  // Long messages flow onto further pages by themselves.
  doc.fillColor(COLORS.text).font('Helvetica').fontSize(10).text(t(text), MARGIN, doc.y, { width: WIDTH });
  doc.y += 12;
}

function approval(doc: Doc, a: NonNullable<Estimate['approval']>, timeZone: string): void {
  heading(doc, 'Customer Approval');
  ensureSpace(doc, 170);
  const image = signatureImage(a.signature);
  const top = doc.y;
  if (image) {
    try {
      doc.image(image, MARGIN, top, { fit: [220, 80] });
      doc.y = top + 84;
    } catch {
      // A stored signature that is not a readable PNG must not cost the customer the whole document.
      doc.fillColor(COLORS.muted).font('Helvetica-Oblique').fontSize(9).text('Signature image could not be shown.', MARGIN, top, { width: WIDTH });
      doc.y += 6;
    }
  }
  const rows: [string, string][] = [
    ['Signed By', a.signerName],
    ['Decision', ESTIMATE_STATUS_LABELS[a.decision]],
    ['Signed At', dateTimeInZone(a.signedAt, timeZone)],
    ['IP Address', a.signerIp ?? '—'],
  ];
  if (a.comment) rows.push(['Comment', a.comment]);
  for (const [label, value] of rows) doc.y = field(doc, MARGIN, doc.y, WIDTH, label, value);
}

function signatureImage(dataUrl: string | null): Buffer | null {
  if (!dataUrl?.startsWith('data:image/png;base64,')) return null;
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** "Page n of m" under every page, written once the page count is known (bufferPages). */
function pageNumbers(doc: Doc, sheet: Sheet): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the bottom margin would otherwise start a new page
    const y = doc.page.height - MARGIN + 10;
    doc.fillColor(COLORS.muted).font('Helvetica').fontSize(8);
    doc.text(`${sheet.title} #${sheet.number}`, MARGIN, y, { width: WIDTH / 2, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + WIDTH / 2, y, { width: WIDTH / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
