import type { OnlinePaymentsTable } from '@fieldwork/db/schema-payments';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import type { OnlinePayment } from '@fieldwork/domain/payments/payments.schemas';

export type OnlinePaymentRow = Omit<OnlinePaymentsTable, 'refunded_cents'> & { refunded_cents: number };

export function toOnlinePayment(row: OnlinePaymentRow): OnlinePayment {
  return {
    id: row.id,
    amount: centsToDollars(row.amount_cents),
    refunded: centsToDollars(row.refunded_cents),
    fee: row.fee_cents === null ? null : centsToDollars(row.fee_cents),
    net: row.net_cents === null ? null : centsToDollars(row.net_cents),
    payerEmail: row.payer_email,
    providerPaymentId: row.provider_payment_id,
    paidAt: row.paid_at,
  };
}
