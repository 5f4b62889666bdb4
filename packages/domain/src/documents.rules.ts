/** What estimates and invoices share on screen: the PDF download's wording and timing (spec: PDF toasts). */
export const PDF_MESSAGES = {
  slow: 'Pdf will be downloaded in 30–60 seconds',
  failed: 'Error occurred!',
} as const;

/** The "30–60 seconds" notice shows only when a download takes longer than this. */
export const PDF_SLOW_NOTICE_MS = 2000;

/** File name of a downloaded document. */
export const pdfFileName = (kind: 'estimate' | 'invoice', number: number) => `${kind === 'estimate' ? 'Estimate' : 'Invoice'}-${number}.pdf`;
