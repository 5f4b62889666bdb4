import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { ASSET_AGE_BANDS, assetAgeBand } from '@fieldwork/domain/customers/assets.schemas';
import { CALL_OUTCOMES } from '@fieldwork/domain/ai/receptionist.schemas';
import { seedDemo, type DemoSeed } from './demo-data.ts';
import { DEMO_FINANCING_URL } from './demo-dashboard.ts';

const NOW = new Date('2026-06-15T15:00:00Z');
let handle: DbHandle;
let seed: DemoSeed;
beforeAll(async () => {
  handle = createDb({ sqliteFile: ':memory:' });
  await migrateToLatest(handle.db, handle.dialect);
  seed = await seedDemo(handle.db, { hashPassword: async () => 'not-a-real-hash' }, { now: NOW });
}, 120_000);
afterAll(async () => handle.close());

describe('demo dashboard records', () => {
  it('logs about 60 calls over the last 90 days with every outcome, some linked to demo leads and jobs', async () => {
    const calls = await handle.db.selectFrom('receptionist_calls').selectAll().where('tenant_id', '=', seed.demo.tenantId).execute();
    expect(calls.length).toBeGreaterThanOrEqual(55);
    expect(calls.length).toBeLessThanOrEqual(60);
    expect(new Set(calls.map((c) => c.outcome))).toEqual(new Set(CALL_OUTCOMES));
    for (const c of calls) {
      expect(Date.parse(c.started_at)).toBeLessThanOrEqual(NOW.getTime());
      expect(Date.parse(c.started_at)).toBeGreaterThan(NOW.getTime() - 91 * 86_400_000);
      expect(c.duration_seconds).toBe((Date.parse(c.ended_at) - Date.parse(c.started_at)) / 1000);
    }
    const jobIds = new Set((await handle.db.selectFrom('jobs').select('id').where('tenant_id', '=', seed.demo.tenantId).execute()).map((j) => j.id));
    const leadIds = new Set((await handle.db.selectFrom('crm_leads').select('id').where('tenant_id', '=', seed.demo.tenantId).execute()).map((l) => l.id));
    const linked = calls.filter((c) => c.job_id || c.lead_id);
    expect(linked.length).toBeGreaterThan(5);
    for (const c of linked) expect(c.job_id ? jobIds.has(c.job_id) : leadIds.has(c.lead_id!)).toBe(true);
    expect(await handle.db.selectFrom('receptionist_calls').select('id').where('tenant_id', '=', seed.rival.tenantId).execute()).toEqual([]);
  });

  it("puts about 40 assets on demo customers' own sites, in every age band", async () => {
    const assets = await handle.db
      .selectFrom('customer_assets as a')
      .innerJoin('customer_addresses as ad', 'ad.id', 'a.address_id')
      .select(['a.install_date', 'a.customer_id', 'ad.customer_id as site_customer', 'a.tenant_id'])
      .where('a.tenant_id', '=', seed.demo.tenantId)
      .execute();
    expect(assets).toHaveLength(40);
    for (const a of assets) expect(a.site_customer).toBe(a.customer_id);
    const bands = new Set(assets.map((a) => assetAgeBand(a.install_date, '2026-06-15')));
    expect(bands).toEqual(new Set(ASSET_AGE_BANDS));
    for (const a of assets) if (a.install_date) expect(a.install_date <= '2026-06-15').toBe(true);
  });

  it('sets the placeholder financing URL on Demo Contracting only', async () => {
    const tenants = await handle.db.selectFrom('tenants').select(['id', 'financing_url']).execute();
    expect(tenants.find((t) => t.id === seed.demo.tenantId)?.financing_url).toBe(DEMO_FINANCING_URL);
    expect(tenants.find((t) => t.id === seed.rival.tenantId)?.financing_url).toBeNull();
  });
});
