/**
 * /portal/test-checkout/$companyId/$sessionId: the demo's stand-in for Stripe's hosted checkout, used when the
 * company has no Stripe keys and the server runs the demo. Nothing is charged: "Pay" tells the server to treat
 * the checkout as paid (as Stripe's webhook would) and the browser goes back to the document.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, CreditCard, SearchX } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import type { TestCheckout } from '@fieldwork/domain/payments/payments.schemas';
import { Button, buttonClass } from '../../components/button';
import { ErrorState } from '../../components/error-state';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { NoticePanel } from '../../components/notice-panel';
import { PageSpinner } from '../../components/spinner';
import { isApiError, messageOf } from '../../lib/api-client';
import { browserNavigation } from '../../lib/browser-navigation';
import { formatMoney } from '../../lib/money';
import { portalApi, portalKeys } from './portal.api';

export const CHECKOUT_NOT_AVAILABLE = 'This checkout is not available.';
export const CHECKOUT_ALREADY_COMPLETE = 'This test payment is already complete.';
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

export function TestCheckoutPage() {
  const { companyId = '', sessionId = '' } = useParams({ strict: false });
  const query = useQuery({ queryKey: portalKeys.testCheckout(companyId, sessionId), queryFn: () => portalApi.testCheckout(companyId, sessionId) });
  return (
    <main className="flex min-h-screen items-start justify-center bg-gray-50 px-3 py-6 sm:items-center sm:py-12">
      <div className="w-full max-w-md">
        {query.isLoading ? (
          <PageSpinner />
        ) : query.data ? (
          <CheckoutCard checkout={query.data} companyId={companyId} sessionId={sessionId} />
        ) : isApiError(query.error) && query.error.statusCode === 404 ? (
          <NoticePanel icon={<SearchX size={28} aria-hidden="true" className="text-muted" />} action={null}>
            {CHECKOUT_NOT_AVAILABLE}
          </NoticePanel>
        ) : (
          <div className="rounded-lg border border-border bg-white">
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          </div>
        )}
      </div>
    </main>
  );
}

function CheckoutCard({ checkout, companyId, sessionId }: { checkout: TestCheckout; companyId: string; sessionId: string }) {
  const complete = useMutation({
    mutationFn: () => portalApi.completeTestCheckout(companyId, sessionId),
    onSuccess: ({ url }) => browserNavigation.assign(url),
  });
  const busy = complete.isPending || complete.isSuccess;
  return (
    <section aria-label="Test checkout" className="overflow-hidden rounded-lg border border-border bg-white shadow-sm">
      <p role="note" className="flex items-center gap-2 bg-warning px-4 py-3 text-sm font-semibold text-white">
        <AlertTriangle size={18} aria-hidden="true" className="shrink-0" />
        {PAYMENT_MESSAGES.testPayment}
      </p>
      <div className="space-y-4 p-4 sm:p-6">
        <div>
          <p className="text-sm text-muted">{checkout.companyName}</p>
          <h1 className="text-base font-semibold text-gray-900">{checkout.description}</h1>
          <p className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums">{formatMoney(checkout.amount)}</p>
        </div>
        {checkout.status === 'complete' ? (
          <div className="space-y-3">
            <p role="status" className="flex items-center gap-2 text-sm text-gray-900">
              <CheckCircle2 size={18} aria-hidden="true" className="shrink-0 text-success" />
              {CHECKOUT_ALREADY_COMPLETE}
            </p>
            <a href={checkout.returnUrl} className={buttonClass('secondary', 'md', 'min-h-11 w-full')}>
              Back to the document
            </a>
          </div>
        ) : (
          <>
            <div className="space-y-1.5">
              <Label htmlFor="test-card-number">Card number</Label>
              <div className="relative">
                <CreditCard size={16} aria-hidden="true" className="absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
                <Input id="test-card-number" readOnly value={TEST_CARD_NUMBER} className="min-h-11 pl-9 font-mono tracking-wider" />
              </div>
              <p className="text-xs text-muted">A test card: nothing is charged.</p>
            </div>
            {complete.error ? (
              <p role="alert" className="rounded-md border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger-hover">
                {messageOf(complete.error)}
              </p>
            ) : null}
            <div className="flex flex-col gap-2">
              <Button className="min-h-11 w-full" disabled={busy} onClick={() => complete.mutate()}>
                {busy ? 'Paying…' : `Pay ${formatMoney(checkout.amount)}`}
              </Button>
              <a href={checkout.cancelUrl} className={buttonClass('ghost', 'md', 'min-h-11 w-full')}>
                Cancel
              </a>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
