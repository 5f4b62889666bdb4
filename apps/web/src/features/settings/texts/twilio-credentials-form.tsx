import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { TEXT_MESSAGES } from '@fieldwork/domain/texts/texts.rules';
import { textSettingsBody, type TextSettings } from '@fieldwork/domain/texts/texts.schemas';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { textSettingsApi, textSettingsKey } from './texts-settings.api';

type Values = { accountSid: string; authToken: string; fromNumber: string; messagingServiceSid: string; country: string };

export const TEXT_SETTINGS_SAVED = 'Text message settings saved.';

/**
 * The Twilio credentials. The Auth Token is write-only: a stored one shows only its last four characters and
 * leaving the input empty keeps it (while the Account SID stays the same, as the server requires).
 */
export function TwilioCredentialsForm({ settings }: { settings: TextSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    defaultValues: {
      accountSid: settings.accountSid ?? '',
      authToken: '',
      fromNumber: settings.fromNumber ?? '',
      messagingServiceSid: settings.messagingServiceSid ?? '',
      country: settings.country,
    },
  });
  const save = useMutation({
    mutationFn: textSettingsApi.save,
    onSuccess: (next) => {
      queryClient.setQueryData(textSettingsKey, next);
      form.reset({ ...form.getValues(), authToken: '' });
      toast.success(TEXT_SETTINGS_SAVED);
    },
  });

  const submit = (values: Values) => {
    const optional = (v: string) => (v.trim() ? v.trim() : undefined);
    const raw = {
      provider: 'twilio',
      accountSid: values.accountSid.trim(),
      authToken: optional(values.authToken),
      fromNumber: optional(values.fromNumber) ?? null,
      messagingServiceSid: optional(values.messagingServiceSid) ?? null,
      country: values.country.trim().toUpperCase(),
    };
    const parsed = textSettingsBody.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(String(issue.path[0]) as keyof Values, { type: 'client', message: issue.message });
      return;
    }
    // Mirrors the server: the stored token is kept only for the same account.
    if (!raw.authToken && settings.accountSid !== raw.accountSid) {
      form.setError('authToken', { type: 'client', message: TEXT_MESSAGES.credentialsRequired });
      return;
    }
    save.mutate(parsed.data);
  };

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="max-w-lg space-y-4">
      <Field label="Account SID" error={errors.accountSid?.message} hint="From the Twilio console: Account Info (AC…).">
        <Input autoComplete="off" spellCheck={false} placeholder="AC…" {...form.register('accountSid')} />
      </Field>
      <Field label="Auth Token" error={errors.authToken?.message}>
        <Input
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={settings.authTokenLast4 ? `Stored — ends in ${settings.authTokenLast4}` : undefined}
          {...form.register('authToken')}
        />
      </Field>
      <Field label="Sending number" error={errors.fromNumber?.message} hint="Your Twilio number in international form, e.g. +12015550123.">
        <Input autoComplete="off" inputMode="tel" placeholder="+1…" {...form.register('fromNumber')} />
      </Field>
      <Field label="Messaging Service SID" error={errors.messagingServiceSid?.message} hint="Optional: send through a Messaging Service instead (MG…).">
        <Input autoComplete="off" spellCheck={false} placeholder="MG…" {...form.register('messagingServiceSid')} />
      </Field>
      <Field label="Country" error={errors.country?.message} hint="How to read numbers written without a country code (two letters, e.g. US).">
        <Input autoComplete="off" maxLength={2} className="w-20 uppercase" {...form.register('country')} />
      </Field>
      <FormAlert error={save.error} />
      <Button type="submit" loading={save.isPending}>
        Save
      </Button>
    </form>
  );
}
