import { describe, expect, it } from 'vitest';
import { sanitizePdfText, UNSUPPORTED_CHAR } from './pdf-text-sanitize.ts';

describe('sanitizePdfText', () => {
  it('keeps ASCII, Latin-1 and the WinAnsi extras as they are', () => {
    const text = 'Pump #4 — “Café” Ørsted, 50% off… €12 ‘ok’ • ™ Œuvre ß ÿ';
    expect(sanitizePdfText(text)).toBe(text);
  });

  it('folds letters outside WinAnsi to their base letter, keeping Latin-1 ones (ó, á, é)', () => {
    expect(sanitizePdfText('Łódź Dvořák Őrség İstanbul ﬁsh')).toBe('Lódz Dvorák Orség Istanbul fish');
  });

  it('replaces what Helvetica cannot draw with one "?" per character (astral ones too)', () => {
    expect(sanitizePdfText('東京 😀 ok Ω')).toBe(`${UNSUPPORTED_CHAR.repeat(2)} ${UNSUPPORTED_CHAR} ok ${UNSUPPORTED_CHAR}`);
  });

  it('keeps line breaks, turns tabs and exotic spaces into spaces and drops control and format characters', () => {
    expect(sanitizePdfText('a\r\nb\rc\td\u00a0e\u2003f\u0007g\u200bh\u200ei')).toBe('a\nb\nc d\u00a0e fghi');
  });

  it('maps dashes and primes to their WinAnsi look-alikes', () => {
    expect(sanitizePdfText('1\u22122 \u2010 5\u2032 6\u2033')).toBe('1-2 - 5\' 6"');
  });

  it('is empty for null, undefined and the empty string', () => {
    expect(sanitizePdfText(null)).toBe('');
    expect(sanitizePdfText(undefined)).toBe('');
    expect(sanitizePdfText('')).toBe('');
  });
});
