import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Smartphone } from 'lucide-react';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { Button } from '../../components/button';
import { browserNavigation } from '../../lib/browser-navigation';
import { invoicesApi } from '../../features/billing/billing.api';

export const TAKE_CARD_PAYMENT = 'Take card payment';

/**
 * The office takes a card for the whole balance (a customer on the phone or at the counter): the checkout opens
 * in a new tab so the invoice stays here, and the payment shows on it when Stripe confirms it. Offered where
 * the invoice can be paid online and the viewer may record payments on it.
 */
export function TakeCardPaymentButton({ invoice, disabled }: { invoice: Invoice; disabled?: boolean }) {
  const checkout = useMutation({
    mutationFn: () => invoicesApi.checkout(invoice.id),
    onSuccess: ({ url }) => browserNavigation.openInNewTab(url),
    onError: (e) => toast.error(e.message),
  });
  if (!invoice.onlinePay?.canPay || !invoice.actions.recordPayment) return null;
  return (
    <Button variant="secondary" loading={checkout.isPending} disabled={disabled} onClick={() => checkout.mutate()}>
      {checkout.isPending ? null : <Smartphone size={14} aria-hidden="true" />} {TAKE_CARD_PAYMENT}
    </Button>
  );
}
