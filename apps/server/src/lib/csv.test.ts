import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { toCsvText } from './csv.ts';

const HOSTILE = [
  '=1+1',
  '+SUM(A1)',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  ';=HYPERLINK("http://x.test";"y");',
  ',=1',
  '"=1',
  "'=1",
  ' =1',
  ';;+1',
  "=cmd|' /C calc'!A0",
  'Fix pump;=1+1',
  'Fix pump,=1+1',
];

const FORMULA_START = /^[\s;,"']*[=+\-@\t\r]/;

/** A cell a spreadsheet would run: it starts with a formula character (after nothing). */
const runs = (cell: string) => /^[=+\-@\t\r]/.test(cell);

describe('CSV cells never become formulas', () => {
  it.each([',', ';'])('read back with "%s" as the separator: every hostile text is one cell, shown as text', (delimiter) => {
    const csv = toCsvText(
      ['Notes', 'Amount'],
      HOSTILE.map((text) => [text, 12.5]),
    );
    // A spreadsheet in a ';' locale still honours quotes, and reads on past a closing quote (relax_quotes).
    const rows: string[][] = parse(csv, { delimiter, relax_column_count: true, relax_quotes: true });
    expect(rows).toHaveLength(HOSTILE.length + 1);
    rows.slice(1).forEach((row, i) => {
      for (const cell of row) expect(runs(cell), `${JSON.stringify(HOSTILE[i])} → ${JSON.stringify(row)}`).toBe(false);
      if (delimiter === ',') expect(row).toEqual([FORMULA_START.test(HOSTILE[i]!) ? `'${HOSTILE[i]}` : HOSTILE[i], '12.5']);
    });
  });

  it('keeps ordinary text and numbers as they are, and any text round-trips through a real parser', () => {
    expect(toCsvText(['a', 'b', 'c'], [['Labour, senior', -3.5, null]])).toBe('a,b,c\r\n"Labour, senior",-3.5,\r\n');
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), (cells) => {
        const [row] = parse(
          toCsvText(
            cells.map((_, i) => `c${i}`),
            [cells],
          ),
          { from_line: 2 },
        ) as string[][];
        expect(row!.map((c, i) => (c === `'${cells[i]}` ? cells[i] : c))).toEqual(cells);
        for (const cell of row!) expect(runs(cell)).toBe(false);
      }),
    );
  });
});
