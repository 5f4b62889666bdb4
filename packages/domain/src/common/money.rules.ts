/**
 * Money math of estimates and invoices. Integer cents in storage and arithmetic; the
 * API speaks decimal numbers with 2 places. Quantities carry up to 3 decimals (stored in thousandths), tax
 * percentages up to 3 decimals (stored in thousandths of a percent). Intermediate products run in BigInt, and
 * the bounds below keep every stored sum under Number.MAX_SAFE_INTEGER.
 */

/** Built once: a new Intl.NumberFormat per call was most of a 300-line PDF's render time. */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Largest quantity of one line (units). */
export const MAX_QTY = 100_000;
/** Largest rate of one line, in cents ($10,000,000.00). */
export const MAX_RATE_CENTS = 1_000_000_000;
/** Most lines on one document. */
export const MAX_LINES = 200;
/** Largest freight, deposit or payment, in cents ($10,000,000,000.00). */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000;
/**
 * Largest document total, in cents. 200 lines × 100,000 × $10,000,000.00 could reach 2·10^16 cents, past
 * MAX_SAFE_INTEGER, so the total itself is bounded too (checked in BigInt before it becomes a number).
 */
export const MAX_TOTAL_CENTS = 100_000_000_000_000;
/** Quantity scale: 1.5 units is 1500. */
export const QTY_SCALE = 1000;
/** Tax percent scale: 8.875% is 8875. */
export const PERCENT_SCALE = 1000;

export const MONEY_MESSAGES = {
  tooManyDecimals: (label: string, places: number) => `${label} can have at most ${places} decimal places.`,
  totalTooLarge: `The total must be at most ${formatCents(MAX_TOTAL_CENTS)}.`,
  depositTooLarge: 'Deposit Amount cannot be more than the total.',
} as const;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An exact decimal number with at most `places` decimals as an integer scaled by 10^places; null when it has
 * more places, is not finite, or is outside the safe range. Works from the shortest round-trip string, so
 * 0.1 + 0.2 style floats are judged by what the client wrote (0.30000000000000004 has 17 places: refused).
 */
export function toScaledInteger(value: number, places: number): number | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  const m = DECIMAL.exec(text);
  if (!m) return null; // exponent forms: 1e21, 1e-7
  const [, sign, whole, fraction = ''] = m;
  if (fraction.length > places) return null;
  const scaled = Number(whole! + fraction.padEnd(places, '0'));
  if (!Number.isSafeInteger(scaled)) return null;
  return sign ? -scaled : scaled;
}

/** API dollars (≤ 2 places) → cents; null when not exact. */
export function dollarsToCents(dollars: number): number | null {
  return toScaledInteger(dollars, 2);
}

/** Cents → API dollars (a number with at most 2 places). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** n / d rounded half away from zero, in BigInt (d > 0). */
export function divRoundHalfAway(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return negative ? -q : q;
}

/** One line: quantity in thousandths, rate in cents, tax percent in thousandths of a percent. */
export type LineInput = { qtyMilli: number; rateCents: number; isTaxable: boolean; taxPercentMilli: number };
export type LineAmounts = { totalCents: number; taxCents: number };

/** Line total = round(qty × rate), half away from zero. */
export function lineTotalCents(qtyMilli: number, rateCents: number): bigint {
  return divRoundHalfAway(BigInt(qtyMilli) * BigInt(rateCents), BigInt(QTY_SCALE));
}

const PERCENT_DIVISOR = BigInt(100 * PERCENT_SCALE);

/** Tax of an amount at a percent (thousandths), rounded once, half away from zero. */
export function taxCentsAt(amountCents: bigint, taxPercentMilli: number): bigint {
  return divRoundHalfAway(amountCents * BigInt(taxPercentMilli), PERCENT_DIVISOR);
}

export type DocumentTotals = {
  lines: LineAmounts[];
  subTotalCents: number;
  taxableSubTotalCents: number;
  taxCents: number;
  freightCents: number;
  depositCents: number;
  totalCents: number;
};

export type TotalsResult = { ok: true; totals: DocumentTotals } | { ok: false; message: string };

/**
 * Tax is computed on the taxable subtotal of each rate and rounded once per rate, half away from zero: 200
 * lines of $0.01 at 50% are $1.00 of tax, where rounding each line would make it $2.00. Each line then shows
 * its share of its rate's tax, whole cents handed out by largest remainder (ties to the earlier line), so the
 * line taxes always add up to the document's tax.
 */
function taxByRate(totals: readonly bigint[], lines: readonly LineInput[]): { lineTax: bigint[]; tax: bigint } {
  const lineTax = totals.map(() => 0n);
  const groups = new Map<number, number[]>();
  lines.forEach((line, i) => {
    if (!line.isTaxable || line.taxPercentMilli === 0) return;
    groups.set(line.taxPercentMilli, [...(groups.get(line.taxPercentMilli) ?? []), i]);
  });
  let tax = 0n;
  for (const [percent, members] of groups) {
    const rateTax = taxCentsAt(
      members.reduce((sum, i) => sum + totals[i]!, 0n),
      percent,
    );
    tax += rateTax;
    const exact = members.map((i) => totals[i]! * BigInt(percent));
    let handedOut = 0n;
    members.forEach((i, k) => {
      lineTax[i] = exact[k]! / PERCENT_DIVISOR;
      handedOut += lineTax[i]!;
    });
    const byRemainder = members
      .map((i, k) => ({ i, rest: exact[k]! % PERCENT_DIVISOR }))
      .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
    for (let k = 0; k < Number(rateTax - handedOut); k++) lineTax[byRemainder[k % byRemainder.length]!.i]! += 1n;
  }
  return { lineTax, tax };
}

/**
 * Every figure of a document from its lines: each line total (quantity × rate rounded to the cent, half away
 * from zero — a sub-cent product such as 0.015 × $1.00 becomes $0.02 on its line), the tax rounded once per
 * rate over those rounded line totals, the subtotal, the taxable subtotal, freight, the deposit (none when not
 * required) and the total. Refuses a total past MAX_TOTAL_CENTS or a deposit above the total; the inputs are
 * assumed within their own bounds (the schemas). Stored documents keep the figures they were saved with: this
 * runs only when a document is written.
 */
export function computeTotals(lines: readonly LineInput[], freightCents: number, deposit: { required: boolean; amountCents: number }): TotalsResult {
  const totals = lines.map((line) => lineTotalCents(line.qtyMilli, line.rateCents));
  const { lineTax, tax } = taxByRate(totals, lines);
  let sub = 0n;
  let taxable = 0n;
  totals.forEach((total, i) => {
    sub += total;
    if (lines[i]!.isTaxable) taxable += total;
  });
  const total = sub + tax + BigInt(freightCents);
  if (total > BigInt(MAX_TOTAL_CENTS) || total < 0n) return { ok: false, message: MONEY_MESSAGES.totalTooLarge };
  const depositCents = deposit.required ? deposit.amountCents : 0;
  if (BigInt(depositCents) > total) return { ok: false, message: MONEY_MESSAGES.depositTooLarge };
  return {
    ok: true,
    totals: {
      lines: totals.map((t, i) => ({ totalCents: Number(t), taxCents: Number(lineTax[i]) })),
      subTotalCents: Number(sub),
      taxableSubTotalCents: Number(taxable),
      taxCents: Number(tax),
      freightCents,
      depositCents,
      totalCents: Number(total),
    },
  };
}

/** Margin figures: revenue is the subtotal before tax and freight; margin = revenue − estimated cost. */
export function marginOf(revenueCents: number, costCents: number): { totalRevenueCents: number; totalMarginCents: number; marginPercentage: number } {
  const margin = revenueCents - costCents;
  const percentage = revenueCents === 0 ? 0 : Number(divRoundHalfAway(BigInt(margin) * 10_000n, BigInt(revenueCents))) / 100;
  return { totalRevenueCents: revenueCents, totalMarginCents: margin, marginPercentage: percentage };
}
