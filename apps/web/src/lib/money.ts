import { dollarsToCents, formatCents } from '@fieldwork/domain/common/money.rules';

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * Whole cents of an amount in dollars: exact for the API's 2-place decimals; a finer figure (a sum the page
 * computed) rounds half away from zero on its shortest decimal form, as Intl rounds when it formats.
 */
export function toCents(dollars: number): number {
  const exact = dollarsToCents(dollars);
  if (exact !== null) return exact;
  const m = DECIMAL.exec(String(Math.abs(dollars)));
  // Exponent forms (below 1e-6 or from 1e21), NaN and Infinity: no decimal digits to round.
  if (!m) return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100);
  const [, whole = '0', fraction = ''] = m;
  const digits = fraction.padEnd(3, '0');
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return dollars < 0 ? -cents : cents;
}

/** "$1,234.50" from the API's decimal dollars: every amount the web shows goes through the domain's formatCents. */
export function formatMoney(dollars: number | null | undefined): string {
  return formatCents(toCents(dollars ?? 0));
}

/** Built once: axis labels format every tick on every render. */
const COMPACT_USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** "$1.2K", "$3M": chart axes, where the full figure would not fit. */
export function formatMoneyCompact(dollars: number): string {
  return COMPACT_USD.format(dollars);
}

/** An amount as a money input holds it, "1234.50": no symbol or grouping, so it parses back unchanged. */
export function moneyInputText(dollars: number): string {
  return dollars.toFixed(2);
}

/** A margin percentage as the money screens show it, "12.50%": two places, like the amounts beside it. */
export function formatPercent(percent: number | null | undefined): string {
  return `${(percent ?? 0).toFixed(2)}%`;
}
