import { fileNameForType } from '@fieldwork/domain/jobs/media.schemas';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './media.presenter.ts';
import { normaliseDeclaredType, sniffMediaType } from './media-sniff.ts';
import { DOCX, SAMPLES } from './media-upload.fixture.ts';
import { uploadFileName } from './media.service.ts';

describe('sniffMediaType', () => {
  it('believes signatures, not names or declared types', () => {
    expect(sniffMediaType(SAMPLES.png, 'text/html', false)).toBe('image/png');
    expect(sniffMediaType(SAMPLES.jpeg, undefined, false)).toBe('image/jpeg');
    expect(sniffMediaType(SAMPLES.webp, '', false)).toBe('image/webp');
    expect(sniffMediaType(SAMPLES.gif, 'image/png', false)).toBe('image/gif');
    expect(sniffMediaType(SAMPLES.pdf, 'application/octet-stream', false)).toBe('application/pdf');
    expect(sniffMediaType(SAMPLES.html, 'image/jpeg', true)).toBeNull();
    expect(sniffMediaType(SAMPLES.exe, 'application/pdf', false)).toBeNull();
  });

  it('uses the declared type only to tell apart formats that share a container', () => {
    expect(sniffMediaType(SAMPLES.zip, DOCX, false)).toBe(DOCX);
    expect(sniffMediaType(SAMPLES.zip, 'application/zip', false)).toBeNull();
    expect(sniffMediaType(SAMPLES.zip, 'text/plain', false)).toBeNull();
    expect(sniffMediaType(SAMPLES.ole, 'application/vnd.ms-excel', false)).toBe('application/vnd.ms-excel');
    expect(sniffMediaType(SAMPLES.ole, 'application/x-msdownload', false)).toBeNull();
  });

  it('accepts text only when declared as csv/plain, valid UTF-8 without NUL, and not markup or a script', () => {
    expect(sniffMediaType(SAMPLES.csv, 'Text/CSV; charset=UTF-8', true)).toBe('text/csv');
    expect(sniffMediaType(SAMPLES.text, 'text/plain', true)).toBe('text/plain');
    expect(sniffMediaType(SAMPLES.text, 'text/plain', false)).toBeNull();
    expect(sniffMediaType(SAMPLES.text, 'text/markdown', true)).toBeNull();
    expect(sniffMediaType(Buffer.from('\uFEFF  \n <svg/>'), 'text/plain', true)).toBeNull();
    expect(sniffMediaType(SAMPLES.shell, 'text/plain', true)).toBeNull();
  });

  it('normalises declared types', () => {
    expect(normaliseDeclaredType(' Image/PNG ; q=1')).toBe('image/png');
    expect(normaliseDeclaredType(undefined)).toBe('');
  });
});

describe('file names', () => {
  it('keeps the base name without control characters or bidi marks, and refuses climbing and names left empty', () => {
    expect(uploadFileName('C:\\fakepath\\plan.pdf')).toBe('plan.pdf');
    expect(uploadFileName('dir/plan.pdf')).toBe('plan.pdf');
    expect(uploadFileName('a\u0000.pdf')).toBe('a.pdf');
    expect(uploadFileName('tab\there.pdf')).toBe('tabhere.pdf');
    expect(uploadFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(uploadFileName('\u2066report\u2069\u200B.pdf\u0085')).toBe('report.pdf');
    for (const bad of ['../plan.pdf', 'a/../b.pdf', '..', '', '\u202E\u200B', ' \u0007 ', undefined]) {
      expect(() => uploadFileName(bad), String(bad)).toThrow('The file name is not allowed.');
    }
  });

  it('gives a name the extension of the type its content was found to be', () => {
    expect(fileNameForType('x.html', 'image/png')).toBe('x.png');
    expect(fileNameForType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(fileNameForType('scan', 'application/pdf')).toBe('scan.pdf');
    expect(fileNameForType('notes.svg', 'text/plain')).toBe('notes.txt');
    expect(fileNameForType('.bashrc', 'text/plain')).toBe('.bashrc.txt');
    expect(fileNameForType('a'.repeat(200) + '.exe', 'image/gif')).toHaveLength(200);
    expect(fileNameForType('a'.repeat(200) + '.exe', 'image/gif').endsWith('.gif')).toBe(true);
  });

  it('writes Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('Ünïcode "quote" 100%.pdf')).toBe(
      `attachment; filename="_n_code _quote_ 100_.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22quote%22%20100%25.pdf`,
    );
    expect(attachmentDisposition("it's (1).png")).toBe(`attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});
