import { describe, expect, it } from 'vitest';
import { clearableText, optionalText, requiredText } from './common.schemas.ts';
import { createJobBody } from '../jobs/jobs.schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('the shared text schema', () => {
  const name = requiredText('Customer Name', 20);

  it.each(['', '   ', '\u202E\u200B', '\u200B\uFEFF\u2066\u2069', '\u00AD\t\n'])('refuses %j as empty', (value) => {
    expect(messages(name.safeParse(value))).toEqual(['Customer Name is mandatory.']);
  });

  it('trims invisible ends and keeps what is inside, emoji sequences included', () => {
    expect(name.parse('\u200B Ann \u202C')).toBe('Ann');
    expect(name.parse('a\u200Bb')).toBe('a\u200Bb');
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(name.parse(` ${scotland} `)).toBe(scotland);
    expect(name.parse('👩‍👩‍👧')).toBe('👩‍👩‍👧');
  });

  it.each(['\uD800', 'a\uDC00b', 'Ann \uD83D', '\uDE00 smile'])('refuses the lone surrogate in %j with a clear message, not a silent change', (value) => {
    for (const schema of [name, optionalText('Notes', 50), clearableText('Notes', 50)]) {
      expect(messages(schema.safeParse(value))).toEqual([expect.stringMatching(/contains an invalid character \(a broken emoji or symbol\)/)]);
    }
  });

  it('counts the length after trimming and names a missing field as mandatory', () => {
    expect(name.safeParse(`\u200B${'x'.repeat(20)}\u200B`).success).toBe(true);
    expect(messages(name.safeParse('x'.repeat(21)))).toEqual(['Customer Name must be less than or equal to 20 characters.']);
    expect(messages(name.safeParse(undefined))).toEqual(['Customer Name is mandatory.']);
    expect(messages(name.safeParse(7))).toEqual(['Customer Name must be a string.']);
    expect(clearableText('Notes', 5).parse('\u200B')).toBeNull();
  });

  it('is what entity schemas use: a job named only with invisible characters is refused like an empty one', () => {
    const body = { customerId: '8a1b7c5e-8f0a-4b1e-9c51-2f7e8d1a0b01', siteAddressId: '8a1b7c5e-8f0a-4b1e-9c51-2f7e8d1a0b02', name: '\u202E\u200B' };
    expect(messages(createJobBody.safeParse(body))).toContain('Job Name is mandatory.');
  });
});
