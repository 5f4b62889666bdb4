/**
 * Reads a PDF back to text for tests (pdfjs-dist's legacy build runs on Node 20 without a DOM or canvas).
 * Items of a page are joined by spaces, pages by newlines, so a test can look for "Page 1 of 3" or "$1,234.50".
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfText = { text: string; pages: string[] };

export async function extractPdfPages(buffer: Uint8Array): Promise<PdfText> {
  // pdfjs takes ownership of (and detaches) the array it is given: hand it a copy.
  const data = new Uint8Array(buffer.byteLength);
  data.set(buffer);
  const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter(Boolean)
          .join(' '),
      );
    }
    return { text: pages.join('\n'), pages };
  } finally {
    await pdf.destroy();
  }
}

export async function extractPdfText(buffer: Uint8Array): Promise<string> {
  return (await extractPdfPages(buffer)).text;
}
