import { Controller, useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import { paymentSettingsBody, type PaymentSettings } from '@fieldwork/domain/payments/payments.schemas';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { Field } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { paymentSettingsApi, paymentSettingsKey } from './payments-settings.api';

type Values = { secretKey: string; publishableKey: string; webhookSecret: string; allowPartial: boolean };
type SecretField = 'secretKey' | 'webhookSecret';

export const PAYMENT_SETTINGS_SAVED = 'Payment settings saved.';

const storedHint = (last4: string | null) => (last4 ? `Stored — ends in ${last4}` : undefined);

/**
 * The Stripe keys. Secrets are write-only: a stored one shows only its last four characters, and leaving its
 * input empty keeps it (the body then omits it). Connecting the first time needs both secrets.
 */
export function StripeKeysForm({ settings }: { settings: PaymentSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    defaultValues: { secretKey: '', publishableKey: settings.publishableKey ?? '', webhookSecret: '', allowPartial: settings.allowPartial },
  });
  const save = useMutation({
    mutationFn: paymentSettingsApi.save,
    onSuccess: (next) => {
      queryClient.setQueryData(paymentSettingsKey, next);
      form.reset({ secretKey: '', publishableKey: next.publishableKey ?? '', webhookSecret: '', allowPartial: next.allowPartial });
      toast.success(PAYMENT_SETTINGS_SAVED);
    },
  });

  const submit = (values: Values) => {
    const kept = (field: SecretField) => (values[field].trim() ? values[field] : undefined);
    const raw = {
      provider: 'stripe',
      publishableKey: values.publishableKey,
      allowPartial: values.allowPartial,
      secretKey: kept('secretKey'),
      webhookSecret: kept('webhookSecret'),
    };
    const parsed = paymentSettingsBody.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(String(issue.path[0]) as keyof Values, { type: 'client', message: issue.message });
    }
    // Mirrors the server: a first connection cannot keep secrets that were never stored.
    const stored: Record<SecretField, string | null> = { secretKey: settings.secretKeyLast4, webhookSecret: settings.webhookSecretLast4 };
    const missing = (['secretKey', 'webhookSecret'] as const).find((field) => !raw[field] && !stored[field]);
    if (missing) form.setError(missing, { type: 'client', message: PAYMENT_MESSAGES.secretsRequired });
    if (parsed.success && !missing) save.mutate(parsed.data);
  };

  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="max-w-lg space-y-4">
      <Field label="Secret Key" error={errors.secretKey?.message} hint="From Stripe: Developers → API keys (sk_… or a restricted rk_… key).">
        <Input type="password" autoComplete="off" spellCheck={false} placeholder={storedHint(settings.secretKeyLast4)} {...form.register('secretKey')} />
      </Field>
      <Field label="Publishable Key" error={errors.publishableKey?.message}>
        <Input autoComplete="off" spellCheck={false} placeholder="pk_…" {...form.register('publishableKey')} />
      </Field>
      <Field label="Webhook Signing Secret" error={errors.webhookSecret?.message}>
        <Input
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={storedHint(settings.webhookSecretLast4)}
          {...form.register('webhookSecret')}
        />
      </Field>
      <Controller
        control={form.control}
        name="allowPartial"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox id="payments-allow-partial" checked={field.value} onCheckedChange={field.onChange} />
            <label htmlFor="payments-allow-partial" className="text-sm text-gray-900">
              Let customers pay part of a balance
            </label>
          </div>
        )}
      />
      <FormAlert error={save.error} />
      <Button type="submit" loading={save.isPending}>
        Save
      </Button>
    </form>
  );
}
