import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '@fieldwork/db/connection';
import type { SeededCompany } from './demo.types.ts';

const JOB_NAMES = [
  'Boiler service',
  'AC tune-up',
  'Leak repair',
  'Panel upgrade',
  'Roof inspection',
  'Water heater swap',
  'Duct cleaning',
  'Outlet install',
  'Gutter repair',
  'Thermostat install',
];
const NOTES = [
  'Customer asked for a call 30 minutes before arrival.',
  'Gate code 4411. Dog in the yard.',
  'Parts ordered; ETA Thursday.',
  'Photos of the unit attached.',
];
const SOURCES = ['WEBSITE', 'REFERRAL', 'PHONE', 'AI_RECEPTIONIST', 'WALK_IN'] as const;
/** CONVERTED is given afterwards, to exactly the leads a job was made from. */
const LEAD_STATUSES = ['NEW', 'CONTACTED', 'QUALIFIED', 'LOST'] as const;
/** A 1x1 PNG, so demo media open as real images. */
const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e221bc330000000049454e44ae426082',
  'hex',
);

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

export type SeedJobsOptions = {
  jobs: number;
  /** Demo jobs get notes, media files and activity; the large benchmark set only rows. */
  rich: boolean;
  /**
   * Spread money totals over the jobs (benchmarks: every sort key orders differently). The demo keeps
   * them at zero until estimates, invoices and costs exist to explain them.
   */
  money?: boolean;
  mediaDir?: string | undefined;
  now?: Date;
  batch?: number;
  /** Creation dates cycle over this many days before `now` (default 180). */
  days?: number;
};

/** A closed job was closed 1–5 days after it was opened, never in the future: the dashboard's "average days to
 * close" reads the close instant from updated_at. */
function closedAfter(openedIso: string, k: number, now: number): string {
  return new Date(Math.min(now, Date.parse(openedIso) + (1 + (k % 5)) * 86_400_000 + 3 * 3_600_000)).toISOString();
}

/**
 * Jobs across all three statuses over the last months, with leads, tags, zones and (rich) notes, media and
 * activity; money totals spread so every sort key orders differently. Counters continue after the last number.
 */
export async function seedJobs(db: Db, company: SeededCompany, o: SeedJobsOptions): Promise<string[]> {
  const { tenantId } = company;
  const now = (o.now ?? new Date()).getTime();
  const adminId = Object.values(company.userIds)[0] ?? null;
  const office = Object.values(company.userIds).slice(0, 2);
  const customers = await db
    .selectFrom('customer_addresses')
    .select(['customer_id', 'id'])
    .where('tenant_id', '=', tenantId)
    .where('position', '=', 0)
    .execute();
  const contacts = await db.selectFrom('customer_contacts').select(['customer_id', 'id']).where('tenant_id', '=', tenantId).execute();
  const contactOf = new Map(contacts.map((c) => [c.customer_id, c.id]));
  if (!customers.length) return [];
  const leadCount = Math.max(1, Math.floor(o.jobs / 4));
  const leads: { id: string; customer_id: string }[] = [];
  const ids: string[] = [];
  const batch = o.batch ?? 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < leadCount; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(leadCount, start + batch); i++) {
        const customer = pick(customers, i * 7);
        const at = new Date(now - (i % 120) * 86_400_000 - 3_600_000).toISOString();
        const lead = { id: randomUUID(), customer_id: customer.customer_id };
        leads.push(lead);
        rows.push({
          ...lead,
          tenant_id: tenantId,
          lead_number: i + 1,
          status: pick(LEAD_STATUSES, i),
          source: pick(SOURCES, i),
          notes: null,
          created_by: adminId,
          created_at: at,
          updated_at: at,
        });
      }
      await trx.insertInto('crm_leads').values(rows).execute();
    }
    for (let start = 0; start < o.jobs; start += batch) {
      const jobs = [];
      const tags = [];
      const zones = [];
      for (let i = start; i < Math.min(o.jobs, start + batch); i++) {
        const id = randomUUID();
        ids.push(id);
        const customer = pick(customers, i);
        const lead = i % 4 === 0 ? leads[(i / 4) % leads.length] : undefined;
        const number = 1001 + i;
        const at = new Date(now - ((o.jobs - i) % (o.days ?? 180)) * 86_400_000 - (i % 24) * 3_600_000).toISOString();
        const status = i % 10 < 7 ? 'OPEN' : i % 10 < 9 ? 'CLOSED' : 'CANCELLED';
        const m = o.money ? 1 : 0;
        const paid = m * (status === 'CLOSED' ? ((i * 7919) % 500_000) + 5_000 : (i * 104_729) % 90_000);
        const cost = m * (Math.floor(paid * 0.55) + ((i * 31) % 7_000));
        const estimates = m * (status === 'OPEN' ? (i * 13) % 300_000 : 0);
        const due = m * (status === 'OPEN' ? (i * 17) % 200_000 : 0);
        jobs.push({
          id,
          tenant_id: tenantId,
          job_number: number,
          job_number_text: String(number),
          name: pick(JOB_NAMES, i * 3),
          description: i % 2 ? 'Scheduled maintenance visit.' : null,
          status,
          customer_id: customer.customer_id,
          site_address_id: customer.id,
          building_unit_id: null,
          site_contact_id: contactOf.get(customer.customer_id) ?? null,
          requester_id: null,
          job_lead_id: pick(office, i) ?? null,
          sales_manager_id: pick(office, i + 1) ?? null,
          crm_lead_id: lead && lead.customer_id === customer.customer_id ? lead.id : null,
          open_estimates_count: estimates ? 1 + (i % 3) : 0,
          open_estimates_cents: estimates,
          due_invoices_count: due ? 1 : 0,
          due_invoices_cents: due,
          paid_cents: paid,
          total_cost_cents: cost,
          open_balance_cents: due,
          note_count: 0,
          media_count: 0,
          created_by: adminId,
          created_at: at,
          updated_at: status === 'CLOSED' ? closedAfter(at, i, now) : at,
          version: 1,
        });
        if (company.serviceTagIds.length) tags.push({ tenant_id: tenantId, job_id: id, tag_id: pick(company.serviceTagIds, i), status });
        if (company.zoneIds.length) zones.push({ tenant_id: tenantId, job_id: id, zone_id: pick(company.zoneIds, i * 5), status });
      }
      await trx.insertInto('jobs').values(jobs).execute();
      if (tags.length) await trx.insertInto('job_tags').values(tags).execute();
      if (zones.length) await trx.insertInto('job_zones').values(zones).execute();
    }
    await trx
      .updateTable('crm_leads')
      .set({ status: 'CONVERTED' })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('jobs.crm_lead_id')
          .where('jobs.tenant_id', '=', tenantId)
          .where('jobs.crm_lead_id', 'is not', null)
          .$narrowType<{ crm_lead_id: string }>(),
      )
      .execute();
    await trx
      .insertInto('tenant_counters')
      .values([
        { tenant_id: tenantId, name: 'job', value: 1000 + o.jobs },
        { tenant_id: tenantId, name: 'lead', value: leadCount },
      ])
      .execute();
    if (o.rich) await seedJobDetails(trx, tenantId, ids, adminId, o.mediaDir, now);
  });
  return ids;
}

/** Notes, a photo and activity entries on the newest jobs, so the demo's job pages look lived in. */
async function seedJobDetails(trx: Db, tenantId: string, jobIds: string[], actorId: string | null, mediaDir: string | undefined, now: number): Promise<void> {
  const recent = jobIds.slice(-12);
  for (const [i, jobId] of recent.entries()) {
    const at = new Date(now - (recent.length - i) * 3_600_000).toISOString();
    const job = await trx.selectFrom('jobs').select(['job_number', 'name']).where('id', '=', jobId).executeTakeFirstOrThrow();
    await trx
      .insertInto('activity_log')
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        job_id: jobId,
        entity_type: 'JOB',
        entity_id: jobId,
        action: 'JOB_CREATED',
        message: `Created job #${job.job_number}`,
        actor_id: actorId,
        meta: JSON.stringify([{ field: 'Job Name', oldValue: null, newValue: job.name }]),
        created_at: at,
      })
      .execute();
    const notes = 1 + (i % 2);
    for (let n = 0; n < notes; n++) {
      const noteId = randomUUID();
      const text = pick(NOTES, i + n);
      await trx
        .insertInto('notes')
        .values({ id: noteId, tenant_id: tenantId, job_id: jobId, note_type: 'Job', note: text, author_id: actorId, created_at: at, updated_at: at })
        .execute();
      await trx
        .insertInto('activity_log')
        .values({
          id: randomUUID(),
          tenant_id: tenantId,
          job_id: jobId,
          entity_type: 'NOTE',
          entity_id: noteId,
          action: 'NOTE_ADDED',
          message: 'Added a note',
          actor_id: actorId,
          meta: JSON.stringify([{ field: 'note', oldValue: null, newValue: text }]),
          created_at: at,
        })
        .execute();
    }
    let media = 0;
    if (mediaDir && i % 3 === 0) {
      const mediaId = randomUUID();
      const storageKey = `${tenantId}/${randomUUID()}`;
      mkdirSync(join(mediaDir, tenantId), { recursive: true });
      writeFileSync(join(mediaDir, storageKey), PNG_1PX);
      await trx
        .insertInto('media')
        .values({
          id: mediaId,
          tenant_id: tenantId,
          job_id: jobId,
          session_token: null,
          file_name: 'site-photo.png',
          content_type: 'image/png',
          media_type: 'IMAGE',
          size: PNG_1PX.length,
          storage_key: storageKey,
          created_by: actorId,
          created_at: at,
        })
        .execute();
      await trx
        .insertInto('activity_log')
        .values({
          id: randomUUID(),
          tenant_id: tenantId,
          job_id: jobId,
          entity_type: 'MEDIA',
          entity_id: mediaId,
          action: 'MEDIA_ADDED',
          message: 'Added site-photo.png',
          actor_id: actorId,
          meta: '[]',
          created_at: at,
        })
        .execute();
      media = 1;
    }
    await trx.updateTable('jobs').set({ note_count: notes, media_count: media }).where('id', '=', jobId).execute();
  }
}
