import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import type { TextSettings } from '@fieldwork/domain/texts/texts.schemas';
import { Banner } from '../../../components/banner';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { Input } from '../../../components/input';
import { Label } from '../../../components/label';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-context';
import { RecentTexts } from './recent-texts';
import { textSettingsApi, textSettingsKey } from './texts-settings.api';
import { TwilioCredentialsForm } from './twilio-credentials-form';
import { DisconnectButton } from '../disconnect-button';
import { SettingsQueryFrame } from '../settings-query-frame';
import { textPreferencesApi, textPreferencesKey } from './text-preferences.api';
import { WhatIsSentCard } from './what-is-sent-card';
import { WordingCard } from './wording-card';

export const TWILIO_DISCONNECTED = 'Twilio disconnected.';

/**
 * Settings → Text messages: the company's own Twilio account sends its texts. Replies of STOP and START come back
 * through the inbound webhook, so the page shows where Twilio must send them.
 */
export function TextsPage() {
  const { session } = useAuth();
  const settings = useQuery({ queryKey: textSettingsKey, queryFn: textSettingsApi.get });
  return (
    <>
      <PageHeader title="Text messages" description="Text customers and crews from your own Twilio number." />
      <SettingsQueryFrame query={settings} fields={5}>
        {(data) => (
          <div className="space-y-4">
            <Card
              title="Twilio"
              actions={
                data.connected ? (
                  <DisconnectButton
                    title="Disconnect Twilio?"
                    description="No more texts go out; texts still waiting are kept as not sent. The stored credentials are removed."
                    doneText={TWILIO_DISCONNECTED}
                    disconnect={textSettingsApi.disconnect}
                    queryKey={textSettingsKey}
                  />
                ) : null
              }
            >
              <div className="space-y-4">
                <Banner
                  tone={data.connected ? 'info' : 'warning'}
                  icon={<MessageSquare size={18} aria-hidden="true" />}
                  title={data.connected ? 'Connected' : 'Not connected'}
                >
                  {data.connected
                    ? 'Texts go out from your Twilio account.'
                    : 'Without Twilio, texts are kept as not sent so you can see what would have gone out.'}
                </Banner>
                <TwilioCredentialsForm key={data.connectedAt ?? 'new'} settings={data} />
              </div>
            </Card>
            <InboundCard settings={data} />
            <TextPreferencesCards />
            <RecentTexts timeZone={session?.company.timeZone ?? 'UTC'} />
          </div>
        )}
      </SettingsQueryFrame>
    </>
  );
}

function InboundCard({ settings }: { settings: TextSettings }) {
  return (
    <Card title="Replies (STOP and START)">
      <div className="max-w-lg space-y-3 text-sm">
        <p className="text-muted">
          In Twilio: Phone Numbers → your number (or your Messaging Service) → “A message comes in”: paste this URL (HTTP POST). A customer who replies STOP
          gets no more texts from you until they reply START.
        </p>
        <div className="space-y-1.5">
          <Label htmlFor="texts-inbound-url">Incoming messages URL</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="texts-inbound-url" readOnly value={settings.inboundUrl} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={settings.inboundUrl} label="Copy" className="self-start sm:self-auto" />
          </div>
        </div>
      </div>
    </Card>
  );
}

/** What is sent and in which words: prepared with or without Twilio, each card saved on its own. */
function TextPreferencesCards() {
  const prefs = useQuery({ queryKey: textPreferencesKey, queryFn: textPreferencesApi.get });
  return (
    <SettingsQueryFrame query={prefs} fields={6}>
      {(data) => (
        <>
          <WhatIsSentCard prefs={data} />
          <WordingCard prefs={data} />
        </>
      )}
    </SettingsQueryFrame>
  );
}
