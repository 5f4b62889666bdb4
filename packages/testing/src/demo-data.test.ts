import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { seedDemo } from './demo-data.ts';

describe('demo data (the contract other tests and the demo rely on)', () => {
  it('seeds both companies with users, lookups, customers, subcontractors and lived-in jobs', async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), 'fw-demo-media-'));
    const { db, dialect, close } = createDb({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(db, dialect);
      const seed = await seedDemo(db, { hashPassword: async (p) => `plain:${p}` }, { mediaDir });
      expect(seed.logins.map((l) => l.email)).toEqual([
        'admin@demo.test', 'office@demo.test', 'viewer@demo.test', 'noaccess@demo.test',
        'tech1@demo.test', 'tech2@demo.test', 'tech3@demo.test', 'sub1@demo.test', 'admin@rival.test',
      ]);
      const t = seed.demo.tenantId;
      const count = async (table: 'zones' | 'customers' | 'subcontractors' | 'crm_leads' | 'notes' | 'media' | 'activity_log' | 'job_tags' | 'job_zones') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', t).executeTakeFirstOrThrow()).n);
      expect(await count('zones')).toBe(3);
      expect(await count('customers')).toBe(20);
      expect(await count('subcontractors')).toBe(3);
      const sub = await db.selectFrom('subcontractors').innerJoin('users', 'users.id', 'subcontractors.user_id').select(['subcontractors.name', 'users.email']).where('subcontractors.tenant_id', '=', t).executeTakeFirstOrThrow();
      expect(sub).toEqual({ name: 'Ace Plumbing Subs', email: 'sub1@demo.test' });

      const statuses = await db.selectFrom('jobs').select('status').distinct().where('tenant_id', '=', t).execute();
      expect(statuses.map((s) => s.status).sort()).toEqual(['CANCELLED', 'CLOSED', 'OPEN']);
      for (const table of ['crm_leads', 'notes', 'media', 'activity_log', 'job_tags', 'job_zones'] as const) expect(await count(table), table).toBeGreaterThan(0);
      const files = await db.selectFrom('media').select('storage_key').where('tenant_id', '=', t).execute();
      for (const f of files) expect(existsSync(join(mediaDir, f.storage_key))).toBe(true);
      const jobWithNotes = await db.selectFrom('jobs').select(['id', 'note_count']).where('tenant_id', '=', t).where('note_count', '>', 0).executeTakeFirstOrThrow();
      const notes = await db.selectFrom('notes').select('id').where('job_id', '=', jobWithNotes.id).execute();
      expect(notes).toHaveLength(jobWithNotes.note_count);
      const money = await db.selectFrom('jobs').select((eb) => eb.fn.sum<number>('paid_cents').as('paid')).where('tenant_id', '=', t).executeTakeFirstOrThrow();
      expect(Number(money.paid)).toBe(0);
      const counts = await db.selectFrom('job_counts').select(['status', 'n']).where('tenant_id', '=', t).execute();
      expect(counts.reduce((n, c) => n + Number(c.n), 0)).toBe(40);
      const converted = await db.selectFrom('crm_leads').leftJoin('jobs', 'jobs.crm_lead_id', 'crm_leads.id').select(['crm_leads.status', 'jobs.id as job_id']).where('crm_leads.tenant_id', '=', t).execute();
      expect(converted.some((l) => l.status === 'CONVERTED')).toBe(true);
      for (const l of converted) expect(l.status === 'CONVERTED', JSON.stringify(l)).toBe(l.job_id !== null);
      expect((await db.selectFrom('jobs').select('id').where('tenant_id', '=', seed.rival.tenantId).execute()).length).toBe(6);
    } finally {
      await close();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
