/**
 * The lines of text a PDF of ours draws, read back for tests without a PDF library: pdfkit writes each drawn
 * line as one `[<hex> kerning <hex> …] TJ` array of WinAnsi codes inside a deflated content stream.
 */
import { inflateSync } from 'node:zlib';

/** WinAnsi's 0x80–0x9f (Node's TextDecoder reads 'windows-1252' as Latin-1, where these are controls). */
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join('');

export function drawnLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const [, body] of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(body!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a deflated stream
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(winAnsi(Buffer.from(hex, 'hex')));
    }
  }
  return lines;
}

export const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

/** Every deflated stream's content, for looking for drawing operators (colours, images). */
export function contentStreams(pdf: Buffer): string {
  let all = '';
  for (const [, body] of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    try {
      all += inflateSync(Buffer.from(body!, 'latin1')).toString('latin1') + '\n';
    } catch {
      // an image or other binary stream
    }
  }
  return all;
}
