import { MEDIA_KINDS, type MediaContentType } from '@fieldwork/domain/jobs/media.schemas';

/** Bytes to keep from the start of an upload for sniffing. */
export const SNIFF_BYTES = 512;

const OOXML_TYPES = new Set<string>([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);
const OLE_TYPES = new Set<string>(['application/msword', 'application/vnd.ms-excel']);
const TEXT_TYPES = new Set<string>(['text/csv', 'text/plain']);

const startsWith = (head: Buffer, bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, text: string, at = 0) => head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;

/** "Text/CSV; charset=utf-8" -> "text/csv". */
export function normaliseDeclaredType(declared: string | undefined): string {
  return (declared ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The declared type of a text upload is only believed when the bytes could be nothing else. */
export function isTextDeclared(declared: string | undefined): boolean {
  return TEXT_TYPES.has(normaliseDeclaredType(declared));
}

/** Text that a browser or shell could treat as code: markup (HTML, SVG, XML) or a script with a shebang. */
function looksLikeCode(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<') || text.startsWith('#!');
}

/**
 * The stored content type of an upload, decided by its first bytes — the declared type only chooses between
 * formats that share a signature (the OOXML family inside a ZIP, doc/xls inside an OLE container, csv/txt).
 * Anything else (HTML, SVG, scripts, executables, archives) is null: refused.
 * `utf8Text` says the whole upload is valid UTF-8 without NUL bytes; only then can it be text.
 */
export function sniffMediaType(head: Buffer, declared: string | undefined, utf8Text: boolean): MediaContentType | null {
  const claimed = normaliseDeclaredType(declared);
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'image/webp';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'image/gif';
  if (ascii(head, '%PDF-')) return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return OOXML_TYPES.has(claimed) ? (claimed as MediaContentType) : null;
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE_TYPES.has(claimed) ? (claimed as MediaContentType) : null;
  if (TEXT_TYPES.has(claimed) && utf8Text && !looksLikeCode(head)) return claimed as MediaContentType;
  return null;
}

export const mediaKindOf = (type: MediaContentType) => MEDIA_KINDS[type];
