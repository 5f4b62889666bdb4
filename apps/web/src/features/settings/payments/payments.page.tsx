import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import type { PaymentSettings } from '@fieldwork/domain/payments/payments.schemas';
import { Banner } from '../../../components/banner';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { Input } from '../../../components/input';
import { Label } from '../../../components/label';
import { PageHeader } from '../../../components/page-header';
import { paymentSettingsApi, paymentSettingsKey } from './payments-settings.api';
import { StripeKeysForm } from './stripe-keys-form';
import { DisconnectButton } from '../disconnect-button';
import { SettingsQueryFrame } from '../settings-query-frame';

export const STRIPE_DISCONNECTED = 'Stripe disconnected.';

export function connectionStatus(settings: PaymentSettings): string {
  if (!settings.connected) return 'Not connected';
  return settings.testMode ? 'Connected · test mode' : 'Connected';
}

/**
 * Settings → Payments: the company's own Stripe account takes card payments on its invoices and estimate
 * deposits; money lands only through the signed webhook, so the page also shows where Stripe must send it.
 */
export function PaymentsPage() {
  const settings = useQuery({ queryKey: paymentSettingsKey, queryFn: paymentSettingsApi.get });
  return (
    <>
      <PageHeader title="Payments" description="Let customers pay invoices and estimate deposits by card, through your own Stripe account." />
      <SettingsQueryFrame query={settings} fields={4}>
        {(data) => (
          <div className="space-y-4">
            <Card
              title="Card payments with Stripe"
              actions={
                data.connected ? (
                  <DisconnectButton
                    title="Disconnect Stripe?"
                    description="Customers will no longer be able to pay by card. The stored keys are removed; payments already received stay recorded."
                    doneText={STRIPE_DISCONNECTED}
                    disconnect={paymentSettingsApi.disconnect}
                    queryKey={paymentSettingsKey}
                  />
                ) : null
              }
            >
              <div className="space-y-4">
                <ConnectionBanner settings={data} />
                <StripeKeysForm key={data.connectedAt ?? 'new'} settings={data} />
              </div>
            </Card>
            <WebhookCard settings={data} />
          </div>
        )}
      </SettingsQueryFrame>
    </>
  );
}

function ConnectionBanner({ settings }: { settings: PaymentSettings }) {
  const status = connectionStatus(settings);
  return (
    <Banner tone={settings.connected ? 'info' : 'warning'} icon={<CreditCard size={18} aria-hidden="true" />} title={status}>
      {settings.connected
        ? settings.testMode
          ? 'Test keys: payments go through Stripe’s test mode and no real money moves.'
          : 'Customers can pay by card from their invoices and estimates.'
        : settings.demoProvider
          ? 'This demo takes payments with the built-in test checkout — no money moves. Add your Stripe keys to take real payments.'
          : 'Add your Stripe keys to let customers pay by card.'}
    </Banner>
  );
}

function WebhookCard({ settings }: { settings: PaymentSettings }) {
  return (
    <Card title="Webhook">
      <div className="max-w-lg space-y-3 text-sm">
        <p className="text-muted">In Stripe: Developers → Webhooks → Add endpoint, paste this URL, select these events, then paste the signing secret here.</p>
        <div className="space-y-1.5">
          <Label htmlFor="payments-webhook-url">Webhook URL</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="payments-webhook-url" readOnly value={settings.webhookUrl} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={settings.webhookUrl} label="Copy" className="self-start sm:self-auto" />
          </div>
        </div>
        <div>
          <p className="font-medium text-gray-900">Events</p>
          <ul aria-label="Webhook events" className="mt-1 flex flex-wrap gap-1.5">
            {settings.webhookEvents.map((event) => (
              <li key={event} className="rounded bg-gray-100 px-2 py-0.5 font-mono text-xs text-gray-800">
                {event}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}
