import type { Db } from '@fieldwork/db/connection';

/** The country the company's texts read numbers in: its Twilio account's, or none yet. */
export async function findTextCountry(db: Db, tenantId: string): Promise<string | null> {
  const row = await db.selectFrom('text_accounts').select('country').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.country ?? null;
}

/** Which of these numbers (E.164) replied STOP, and when: one query for a whole page of contacts. */
export async function findOptOuts(db: Db, tenantId: string, phones: string[]): Promise<Map<string, string>> {
  if (phones.length === 0) return new Map();
  const rows = await db
    .selectFrom('text_opt_outs')
    .select(['phone_e164', 'opted_out_at'])
    .where('tenant_id', '=', tenantId)
    .where('phone_e164', 'in', [...new Set(phones)])
    .execute();
  return new Map(rows.map((r) => [r.phone_e164, new Date(r.opted_out_at as string | Date).toISOString()]));
}
