import { formatCents, type TotalsResult } from '@fieldwork/domain/common/money.rules';
import { Card } from '../../components/card';

/** The server's figures of a saved document (dollars), shown until the form changes again. */
export type SavedTotals = {
  subTotal: number;
  taxableSubTotal: number;
  tax: number;
  freight: number;
  totalAmount: number;
  depositAmount: number;
  isDepositRequired: boolean;
};

type Figures = { subTotalCents: number; taxableSubTotalCents: number; taxCents: number; freightCents: number; totalCents: number; depositCents: number };

/** The saved figures in cents, so both sources print the same way. */
const cents = (dollars: number) => Math.round(dollars * 100);
function figuresOfSaved(saved: SavedTotals): Figures {
  return {
    subTotalCents: cents(saved.subTotal),
    taxableSubTotalCents: cents(saved.taxableSubTotal),
    taxCents: cents(saved.tax),
    freightCents: cents(saved.freight),
    totalCents: cents(saved.totalAmount),
    depositCents: cents(saved.depositAmount),
  };
}

function rowsOf(f: Figures, depositRequired: boolean) {
  return [
    { label: 'Subtotal', value: f.subTotalCents },
    { label: 'Taxable subtotal', value: f.taxableSubTotalCents },
    { label: 'Tax', value: f.taxCents },
    { label: 'Freight', value: f.freightCents },
    { label: 'Total', value: f.totalCents, strong: true },
    ...(depositRequired ? [{ label: 'Deposit', value: f.depositCents }] : []),
  ];
}

/**
 * Subtotal, taxable subtotal, tax, freight, total and deposit. While editing they are the browser's live
 * figures (the domain's computeTotals in cents); right after a save, the server's own figures.
 */
export function TotalsPanel({ live, depositRequired, saved }: { live: TotalsResult; depositRequired: boolean; saved: SavedTotals | null }) {
  const rows = saved ? rowsOf(figuresOfSaved(saved), saved.isDepositRequired) : live.ok ? rowsOf(live.totals, depositRequired) : null;
  return (
    <Card title="Totals">
      <div>
        {rows ? (
          <dl className="space-y-2 text-sm" aria-label="Totals">
            {rows.map((r) => (
              <div key={r.label} className={r.strong ? 'flex justify-between border-t border-border pt-2 text-base font-semibold' : 'flex justify-between'}>
                <dt className={r.strong ? 'text-gray-900' : 'text-muted'}>{r.label}</dt>
                <dd className="tabular-nums text-gray-900" data-testid={`total-${r.label.toLowerCase().replace(/\s+/g, '-')}`}>
                  {formatCents(r.value)}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {!saved && !live.ok ? (
          <p role="alert" className="mt-2 text-sm font-medium text-danger">
            {live.message}
          </p>
        ) : null}
        <p className="mt-3 text-xs text-muted">{saved ? 'As saved.' : 'Updates as you type; the figures are confirmed when you save.'}</p>
      </div>
    </Card>
  );
}
