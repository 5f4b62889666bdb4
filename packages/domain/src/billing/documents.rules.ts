import { dayKeyOf } from '../time/calendar-time.rules.ts';

/** What estimates and invoices share on screen: the PDF download's wording and timing (spec: PDF toasts). */
export const PDF_MESSAGES = {
  slow: 'Pdf will be downloaded in 30–60 seconds',
  failed: 'Error occurred!',
} as const;

/** The "30–60 seconds" notice shows only when a download takes longer than this. */
export const PDF_SLOW_NOTICE_MS = 2000;

/** File name of a downloaded document. */
export const pdfFileName = (kind: 'estimate' | 'invoice', number: number) => `${kind === 'estimate' ? 'Estimate' : 'Invoice'}-${number}.pdf`;

/**
 * The dates an estimate or invoice prints, in this order, on its page and its PDF alike. A document without its
 * own date (an invoice converted from an estimate, a draft saved without one) is dated the day it was created in
 * the company's zone, so the page never shows a dash where the PDF prints a day. A document without a due date
 * shows none on both.
 */
export function documentDates(
  kind: 'estimate' | 'invoice',
  doc: { documentDate: string | null; dueDate: string | null; createdAt: string },
  timeZone: string,
): { label: string; day: string | null }[] {
  return [
    {
      label: kind === 'estimate' ? 'Estimate Date' : 'Invoice Date',
      day: doc.documentDate ? doc.documentDate.slice(0, 10) : dayKeyOf(doc.createdAt, timeZone),
    },
    { label: 'Due Date', day: doc.dueDate ? doc.dueDate.slice(0, 10) : null },
  ];
}
