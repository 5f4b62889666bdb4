/**
 * Paying online from the portal: the request opens a checkout on the server (Stripe's hosted page, or the demo's
 * test checkout) and the browser goes there; the payment itself lands later through Stripe's signed webhook.
 */
import { useId, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { dollarsToCents } from '@fieldwork/domain/common/money.rules';
import { chosenAmount } from '@fieldwork/domain/payments/payments.rules';
import type { OnlinePay } from '@fieldwork/domain/payments/payments.schemas';
import type { PortalEstimate, PortalInvoice } from '@fieldwork/domain/portal/portal.schemas';
import { Button } from '../../components/button';
import { FieldError } from '../../components/field';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { messageOf } from '../../lib/api-client';
import { browserNavigation } from '../../lib/browser-navigation';
import { formatMoney, toCents } from '../../lib/money';
import { portalApi } from './portal.api';

export const OPENING_CHECKOUT = 'Opening secure checkout…';
export const TEST_MODE_NOTE = 'Test mode — no real money moves';
export const AMOUNT_NOT_MONEY = 'Enter an amount in dollars and cents, like 125.50.';

/** Goes to the checkout the server opened; a refusal stays on the page, said inline. */
function useCheckout<V>(open: (v: V) => Promise<{ url: string }>) {
  return useMutation({ mutationFn: open, onSuccess: ({ url }) => browserNavigation.assign(url) });
}

function PayFrame({ onlinePay, error, children }: { onlinePay: NonNullable<OnlinePay>; error: unknown; children: ReactNode }) {
  return (
    <section aria-label="Pay online" className="space-y-3 rounded-lg border border-border bg-white p-4 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <CreditCard size={18} aria-hidden="true" /> Pay online
      </h2>
      {onlinePay.testMode ? <p className="text-xs font-medium text-warning">{TEST_MODE_NOTE}</p> : null}
      {children}
      {error ? (
        <p role="alert" className="rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger-hover">
          {messageOf(error)}
        </p>
      ) : null}
    </section>
  );
}

/** The part-payment rule of the server, in cents, with the smallest amount the company's answer gives. */
export function checkPartAmount(text: string, balance: number, onlinePay: NonNullable<OnlinePay>): { cents: number } | { message: string } {
  const value = text.trim() === '' ? NaN : Number(text);
  const cents = Number.isFinite(value) ? dollarsToCents(value) : null;
  if (cents === null || cents <= 0) return { message: AMOUNT_NOT_MONEY };
  const chosen = chosenAmount(toCents(balance), cents, onlinePay.allowPartial);
  if (!chosen.ok) return { message: chosen.message };
  if (chosen.amountCents !== toCents(balance) && chosen.amountCents < toCents(onlinePay.minimum)) {
    return { message: `The amount must be at least ${formatMoney(onlinePay.minimum)}.` };
  }
  return { cents: chosen.amountCents };
}

export function PortalInvoicePayBox({ invoice }: { invoice: PortalInvoice }) {
  const onlinePay = invoice.onlinePay;
  const pay = useCheckout((amount: number | undefined) => portalApi.payInvoice(invoice.id, amount === undefined ? {} : { amount }));
  const [partOpen, setPartOpen] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const inputId = useId();
  if (!onlinePay?.canPay) return null;
  const busy = pay.isPending || pay.isSuccess;
  const fullBusy = busy && pay.variables === undefined;
  const payPart = () => {
    const checked = checkPartAmount(text, invoice.balance, onlinePay);
    if ('message' in checked) return setInvalid(checked.message);
    setInvalid(null);
    pay.mutate(checked.cents === toCents(invoice.balance) ? undefined : checked.cents / 100);
  };
  return (
    <PayFrame onlinePay={onlinePay} error={pay.error}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button className="min-h-11" disabled={busy} onClick={() => pay.mutate(undefined)}>
          {fullBusy ? OPENING_CHECKOUT : `Pay ${formatMoney(invoice.balance)}`}
        </Button>
        {onlinePay.allowPartial && !partOpen ? (
          <Button variant="secondary" className="min-h-11" disabled={busy} onClick={() => setPartOpen(true)}>
            Pay another amount
          </Button>
        ) : null}
      </div>
      {onlinePay.allowPartial && partOpen ? (
        <form
          noValidate
          className="space-y-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            payPart();
          }}
        >
          <Label htmlFor={inputId}>Amount to pay</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={inputId}
              type="number"
              inputMode="decimal"
              step="0.01"
              min={onlinePay.minimum}
              max={invoice.balance}
              value={text}
              invalid={!!invalid}
              aria-describedby={invalid ? `${inputId}-error` : undefined}
              onChange={(e) => setText(e.target.value)}
              className="min-h-11 sm:max-w-40"
            />
            <Button type="submit" className="min-h-11" disabled={busy}>
              {busy && !fullBusy ? OPENING_CHECKOUT : 'Pay'}
            </Button>
          </div>
          <p className="text-xs text-muted">
            Between {formatMoney(onlinePay.minimum)} and {formatMoney(invoice.balance)}.
          </p>
          <FieldError id={`${inputId}-error`} message={invalid ?? undefined} />
        </form>
      ) : null}
    </PayFrame>
  );
}

export function PortalDepositPayBox({ estimate }: { estimate: PortalEstimate }) {
  const pay = useCheckout(() => portalApi.payDeposit(estimate.id));
  if (!estimate.onlinePay?.canPay) return null;
  const busy = pay.isPending || pay.isSuccess;
  return (
    <PayFrame onlinePay={estimate.onlinePay} error={pay.error}>
      <Button className="min-h-11 w-full sm:w-auto" disabled={busy} onClick={() => pay.mutate(undefined)}>
        {busy ? OPENING_CHECKOUT : `Pay deposit ${formatMoney(estimate.depositAmount)}`}
      </Button>
    </PayFrame>
  );
}
