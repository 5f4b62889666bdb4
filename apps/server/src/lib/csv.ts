/**
 * CSV for spreadsheets (RFC 4180, CRLF rows). A cell that a spreadsheet could read as a formula — one starting
 * with = + - @, a tab or a carriage return, also behind leading separators or quotes, since a locale that
 * splits on ';' turns ";=HYPERLINK(…)" into a cell of its own — gets a leading apostrophe, which spreadsheets
 * show as text. Cells holding either separator, a quote or a line break are quoted, so a file reads as the
 * same cells whether it is opened with ',' or ';' as the separator.
 */
const FORMULA = /^[\s;,"']*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n\t]/;

export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
