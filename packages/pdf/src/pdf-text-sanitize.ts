/**
 * pdfkit's built-in fonts (Helvetica) speak WinAnsi only: a character outside it is written as a multi-byte hex
 * code that corrupts the string or shows as garbage. Every text that reaches the PDF goes through here first.
 */

/** Characters WinAnsi holds beyond Latin-1 (pdfkit maps these itself). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Look-alikes that NFKD does not fold into WinAnsi. */
const LOOK_ALIKES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2015': '—',
  '\u201b': "'",
  '\u2032': "'",
  '\u2033': '"',
  '\u201f': '"',
  '\u2022': '•',
  '\u2043': '-',
  '\u00ad': '',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
};

/** What a character that cannot be shown becomes. */
export const UNSUPPORTED_CHAR = '?';

function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
}

/** Printable ASCII and line breaks: most text, returned as it is without a per-character walk. */
const PLAIN = /^[\x20-\x7e\n]*$/;

/**
 * What each character outside WinAnsi became, so a long run of them (2,000 CJK characters in a description)
 * costs a lookup each, not a Unicode normalisation and three regular expressions. Bounded: a text could hold
 * tens of thousands of distinct characters.
 */
const replaced = new Map<string, string>();
const REPLACED_MAX = 4096;

/**
 * Text safe for Helvetica: line breaks kept as \n, tabs and other spaces as a space, controls dropped, accented
 * letters outside WinAnsi folded to their base letter (ő → o), anything else (CJK, emoji) replaced by "?".
 */
export function sanitizePdfText(text: string | null | undefined): string {
  if (!text) return '';
  if (PLAIN.test(text)) return text;
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (ch === '\n' || isWinAnsi(ch)) out += ch;
    else out += replacement(ch);
  }
  return out;
}

function replacement(ch: string): string {
  let r = replaced.get(ch);
  if (r !== undefined) return r;
  if (ch in LOOK_ALIKES) r = LOOK_ALIKES[ch]!;
  else if (/\s/u.test(ch)) r = ' ';
  else if (/\p{Cc}|\p{Cf}/u.test(ch)) r = '';
  else r = fold(ch);
  if (replaced.size < REPLACED_MAX) replaced.set(ch, r);
  return r;
}

/** ő → o, ﬁ → fi; "?" when the decomposition still holds a character WinAnsi lacks. */
function fold(ch: string): string {
  const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  if (base && [...base].every(isWinAnsi)) return base;
  return UNSUPPORTED_CHAR;
}
