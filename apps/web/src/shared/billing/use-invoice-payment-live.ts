import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLiveRecordEvent } from '../../lib/use-live-event';
import { billingKeys, invoicesApi } from '../../features/billing/billing.api';

export const PAYMENT_RECEIVED_ONLINE = 'Payment received online.';
export const CARD_PAYMENT_REFUNDED = 'A card payment was refunded.';

/** Card money in (a payment) or out (a refund): what Stripe took so far, less what it gave back. */
const cardNet = (invoice: { onlinePayments: { amount: number; refunded: number }[] } | undefined) =>
  (invoice?.onlinePayments ?? []).reduce((sum, p) => sum + p.amount - p.refunded, 0);

/**
 * While an invoice is open on a staff screen, a card payment (or refund) that Stripe confirms shows at once: on
 * the `invoice.payment` event for this invoice the page refetches it, the invoice lists go stale, and a toast
 * says whether money came in or went back (the event names the invoice only, so the refetch tells which).
 */
export function useInvoicePaymentLive(invoiceId: string): void {
  const qc = useQueryClient();
  useLiveRecordEvent(
    'invoice.payment',
    (recordId, stillOpen) => {
      if (recordId !== invoiceId) return;
      void qc.invalidateQueries({ queryKey: billingKeys.invoices, predicate: (q) => q.queryKey[2] !== 'detail' });
      const before = cardNet(qc.getQueryData(billingKeys.invoice(invoiceId)));
      qc.fetchQuery({ queryKey: billingKeys.invoice(invoiceId), queryFn: () => invoicesApi.get(invoiceId), staleTime: 0 }).then(
        (fresh) => {
          if (!stillOpen()) return;
          if (cardNet(fresh) < before) toast.info(CARD_PAYMENT_REFUNDED);
          else toast.success(PAYMENT_RECEIVED_ONLINE);
        },
        () => undefined,
      );
    },
    !!invoiceId,
  );
}
