import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { PaymentReturnState } from './use-payment-return';

export const PAYMENT_RETURN_TEXT = {
  waiting: 'Thank you — your payment is being confirmed.',
  received: 'Payment received. Thank you!',
  cancelled: 'Payment cancelled — nothing was charged.',
  slow: 'It can take a few minutes to show here — refresh this page later.',
} as const;

/** What happened at checkout, as the payer comes back from it. */
export function PaymentReturnBanner({ state }: { state: PaymentReturnState }) {
  if (!state) return null;
  const tone =
    state === 'received' ? 'border-success/30 bg-success-soft' : state === 'cancelled' ? 'border-border bg-white' : 'border-primary/20 bg-primary-soft';
  const Icon = state === 'received' ? CheckCircle2 : state === 'cancelled' ? XCircle : Clock;
  return (
    <div role="status" className={`flex items-start gap-2 rounded-md border px-3 py-3 text-sm text-gray-900 ${tone}`}>
      <Icon size={18} aria-hidden="true" className={`mt-px shrink-0 ${state === 'received' ? 'text-success' : 'text-muted'}`} />
      <div>
        <p className="font-medium">
          {state === 'received' ? PAYMENT_RETURN_TEXT.received : state === 'cancelled' ? PAYMENT_RETURN_TEXT.cancelled : PAYMENT_RETURN_TEXT.waiting}
        </p>
        {state === 'slow' ? <p className="text-muted">{PAYMENT_RETURN_TEXT.slow}</p> : null}
      </div>
    </div>
  );
}
