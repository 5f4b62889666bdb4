import type { Db } from '@fieldwork/db/connection';
import { canPayInvoiceOnline } from '@fieldwork/domain/payments/payments.rules';
import type { OnlinePay } from '@fieldwork/domain/payments/payments.schemas';
import { listInvoiceOnlinePayments } from './online-payments.repository.ts';
import { onlinePayOptions } from './payment-settings.service.ts';

type Payable = { id: string; status: string; total_cents: number; paid_cents: number };

/** What an invoice page shows of card payments: those made, and whether Pay (or Take card payment) is offered. */
export async function cardPaymentsOf(db: Db, tenantId: string, invoice: Payable, demo: boolean) {
  const [payments, pay] = await Promise.all([listInvoiceOnlinePayments(db, tenantId, invoice.id), invoicePay(db, tenantId, invoice, demo)]);
  return { payments, pay };
}

export async function invoicePay(db: Db, tenantId: string, invoice: Payable, demo: boolean): Promise<OnlinePay> {
  const options = await onlinePayOptions(db, tenantId, demo);
  return options
    ? { ...options, canPay: canPayInvoiceOnline({ status: invoice.status, totalCents: invoice.total_cents, paidCents: invoice.paid_cents }) }
    : null;
}
