import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { Badge } from '../../components/badge';
import { formatMoney } from '../../lib/money';

export const creditFlagText = (credit: number) => `Credit ${formatMoney(credit)} — ${PAYMENT_MESSAGES.creditFlag}`;

/**
 * Money received beyond a total (a card payment that crossed a cash one, or landed on a voided invoice) is never
 * refused — the card was charged — so the office is told to refund or apply it. Nothing shows without a credit.
 */
export function CreditFlag({ credit, className }: { credit: number; className?: string }) {
  if (!(credit > 0)) return null;
  return (
    <Badge tone="warning" className={className}>
      {creditFlagText(credit)}
    </Badge>
  );
}
