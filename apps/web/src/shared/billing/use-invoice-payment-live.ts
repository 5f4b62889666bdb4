import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLiveRecordEvent } from '../../lib/use-live-event';
import { billingKeys, invoicesApi } from '../../features/billing/billing.api';

export const PAYMENT_RECEIVED_ONLINE = 'Payment received online.';

/**
 * While an invoice is open on a staff screen, a card payment (or refund) that Stripe confirms shows at once: on
 * the `invoice.payment` event for this invoice the page refetches it, the invoice lists go stale, and a toast
 * says money came in.
 */
export function useInvoicePaymentLive(invoiceId: string): void {
  const qc = useQueryClient();
  useLiveRecordEvent(
    'invoice.payment',
    (recordId, stillOpen) => {
      if (recordId !== invoiceId) return;
      void qc.invalidateQueries({ queryKey: billingKeys.invoices, predicate: (q) => q.queryKey[2] !== 'detail' });
      qc.fetchQuery({ queryKey: billingKeys.invoice(invoiceId), queryFn: () => invoicesApi.get(invoiceId), staleTime: 0 }).then(
        () => {
          if (stillOpen()) toast.success(PAYMENT_RECEIVED_ONLINE);
        },
        () => undefined,
      );
    },
    !!invoiceId,
  );
}
