import { nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { isTestKey, lastFour, MIN_ONLINE_PAYMENT_CENTS, PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';
import type { OnlinePay, PaymentSettings, PaymentSettingsBody } from '@fieldwork/domain/payments/payments.schemas';
import type { Db } from '@fieldwork/db/connection';
import { deletePaymentAccount, findPaymentAccount, savePaymentAccount } from './payment-accounts.repository.ts';
import { STRIPE_WEBHOOK_EVENTS, webhookUrlOf, type PaymentsCtx } from './payments-context.ts';

export async function getPaymentSettings(ctx: PaymentsCtx): Promise<PaymentSettings> {
  const account = await findPaymentAccount(ctx.db, ctx.tenantId);
  return {
    provider: account ? 'stripe' : null,
    connected: !!account,
    secretKeyLast4: account?.secret_key_last4 ?? null,
    webhookSecretLast4: account?.webhook_secret_last4 ?? null,
    publishableKey: account?.publishable_key ?? null,
    allowPartial: account?.allow_partial === 1,
    testMode: account ? account.test_mode === 1 : false,
    webhookUrl: webhookUrlOf(ctx.origin, ctx.tenantId),
    webhookEvents: [...STRIPE_WEBHOOK_EVENTS],
    demoProvider: !account && ctx.demo,
    connectedAt: account?.connected_at ?? null,
  };
}

/**
 * Connects or updates the company's Stripe account. A new secret key is tried against Stripe before it is
 * stored (a typo is caught here, not by the first customer who tries to pay); secrets left out keep the stored
 * ones, since answers never carry them back.
 */
export async function savePaymentSettings(ctx: PaymentsCtx, body: PaymentSettingsBody): Promise<PaymentSettings> {
  const before = await findPaymentAccount(ctx.db, ctx.tenantId);
  if (!before && (!body.secretKey || !body.webhookSecret)) throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.secretsRequired);
  const testMode = body.secretKey ? isTestKey(body.secretKey) : before!.test_mode === 1;
  if (testMode !== body.publishableKey.startsWith('pk_test_')) throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.keyModesDiffer);
  if (body.secretKey) await ctx.gateway.checkKey(body.secretKey);
  const at = nowIso();
  const secretKey = body.secretKey ?? null;
  await savePaymentAccount(ctx.db, {
    tenant_id: ctx.tenantId,
    provider: 'stripe',
    secret_key_sealed: secretKey ? ctx.box.seal(secretKey) : before!.secret_key_sealed,
    secret_key_last4: secretKey ? lastFour(secretKey)! : before!.secret_key_last4,
    webhook_secret_sealed: body.webhookSecret ? ctx.box.seal(body.webhookSecret) : before!.webhook_secret_sealed,
    webhook_secret_last4: body.webhookSecret ? lastFour(body.webhookSecret)! : before!.webhook_secret_last4,
    publishable_key: body.publishableKey,
    test_mode: Number(testMode),
    allow_partial: Number(body.allowPartial),
    connected_at: before?.connected_at ?? at,
    updated_at: at,
  });
  return getPaymentSettings(ctx);
}

/** Disconnecting stops new checkouts at once; payments already made stay recorded. */
export async function disconnectPayments(ctx: PaymentsCtx): Promise<void> {
  await deletePaymentAccount(ctx.db, ctx.tenantId);
}

/** What Pay offers for this company (null: no online payments — no account, and not the demo). */
export async function onlinePayOptions(db: Db, tenantId: string, demo: boolean): Promise<Omit<NonNullable<OnlinePay>, 'canPay'> | null> {
  const account = await findPaymentAccount(db, tenantId);
  if (!account) return demo ? { allowPartial: true, minimum: MIN_ONLINE_PAYMENT_CENTS / 100, testMode: true } : null;
  return { allowPartial: account.allow_partial === 1, minimum: MIN_ONLINE_PAYMENT_CENTS / 100, testMode: account.test_mode === 1 };
}
