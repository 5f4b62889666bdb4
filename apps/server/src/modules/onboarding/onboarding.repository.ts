import type { Db } from '@fieldwork/db/connection';
import type { DashboardUserSettingsTable } from '@fieldwork/db/schema-dashboard';
import type { OnboardingKey } from '@fieldwork/domain/company/onboarding.schemas';

/** Statuses an estimate can only reach once sent (VOID is left out: a draft can be voided unsent). */
const SENT_ESTIMATE_STATUSES = ['SENT', 'APPROVED', 'DECLINED', 'CHANGE_REQUEST', 'PAID'];
const TECHNICIAN_ROLES = ['Technician', 'Tech Access'];

/**
 * One round trip: an EXISTS per checklist item, each stopping at its first row (an index on tenant_id
 * starts every one), so the checklist costs the same for a new company and a large one.
 */
export async function onboardingFacts(db: Db, tenantId: string): Promise<Record<OnboardingKey, boolean>> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('tenants').select('id').where('id', '=', tenantId).where('time_zone', '<>', '')).as('timeZone'),
      eb.exists(eb.selectFrom('zones').select('id').where('tenant_id', '=', tenantId)).as('zones'),
      eb.exists(eb.selectFrom('tags').select('id').where('tenant_id', '=', tenantId)).as('tags'),
      eb
        .or([
          eb.exists(eb.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', 'in', TECHNICIAN_ROLES)),
          eb.exists(eb.selectFrom('invitations').select('id').where('tenant_id', '=', tenantId).where('role', 'in', TECHNICIAN_ROLES)),
        ])
        .as('technician'),
      eb.exists(eb.selectFrom('customers').select('id').where('tenant_id', '=', tenantId)).as('customer'),
      eb.exists(eb.selectFrom('jobs').select('id').where('tenant_id', '=', tenantId)).as('job'),
      eb.exists(eb.selectFrom('tasks').select('id').where('tenant_id', '=', tenantId).where('start_at', 'is not', null)).as('scheduledTask'),
      eb.exists(eb.selectFrom('estimates').select('id').where('tenant_id', '=', tenantId).where('status', 'in', SENT_ESTIMATE_STATUSES)).as('estimateSent'),
      eb.exists(eb.selectFrom('invoices').select('id').where('tenant_id', '=', tenantId).where('status', '=', 'PAID')).as('invoicePaid'),
    ])
    .executeTakeFirstOrThrow();
  const truthy = (v: unknown) => v === true || Number(v) === 1 || v === 't';
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, truthy(v)])) as Record<OnboardingKey, boolean>;
}

export function findSettings(db: Db, tenantId: string, userId: string): Promise<DashboardUserSettingsTable | undefined> {
  return db.selectFrom('dashboard_user_settings').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
}

type SettingsPatch = Partial<Pick<DashboardUserSettingsTable, 'cards' | 'onboarding_dismissed' | 'financing_dismissed'>>;

/** Upsert of this user's row: only the patched columns change, the others keep their value (or default). */
export async function saveSettings(db: Db, tenantId: string, userId: string, patch: SettingsPatch, now: string): Promise<void> {
  await db
    .insertInto('dashboard_user_settings')
    .values({ user_id: userId, tenant_id: tenantId, cards: null, onboarding_dismissed: 0, financing_dismissed: 0, ...patch, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ ...patch, updated_at: now })
        .where('dashboard_user_settings.tenant_id', '=', tenantId),
    )
    .execute();
}

export async function financingUrlOf(db: Db, tenantId: string): Promise<string | null> {
  const row = await db.selectFrom('tenants').select('financing_url').where('id', '=', tenantId).executeTakeFirst();
  return row?.financing_url ?? null;
}
