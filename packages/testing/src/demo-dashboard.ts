import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import type { CustomerAssetsTable, ReceptionistCallsTable } from '@fieldwork/db/schema-dashboard';
import { ASSET_TYPES, type AssetType } from '@fieldwork/domain/customers/assets.schemas';
import { dayKeyOf, instantOf } from '@fieldwork/domain/time/calendar-time.rules';
import { CALL_OUTCOMES } from '@fieldwork/domain/ai/receptionist.schemas';
import type { SeededCompany } from './demo.types.ts';

/** A placeholder lender page (the .test domain never resolves): the banner's Know More opens it. */
export const DEMO_FINANCING_URL = 'https://apply.example-lender.test/demo-contracting';

const CALLERS = ['Maria Lopez', 'Dev Patel', 'Grace Kim', 'Owen Brown', 'Lena Davis', 'Marcus Wilson', 'Priya Shah', 'Tom Becker', 'Ada Clark', 'Sol Rivera'];
const SUMMARIES: Record<(typeof CALL_OUTCOMES)[number], readonly string[]> = {
  BOOKED: ['Booked a furnace tune-up for next week.', 'Scheduled a leaking water heater visit.', 'Booked an electrical panel inspection.'],
  LEAD_CREATED: ['Asked for a quote on a new AC unit; lead created.', 'Wants a bathroom re-pipe estimate; lead created.'],
  INFORMATION: ['Asked about opening hours and service area.', 'Checked the status of an invoice.', 'Asked whether we service boilers.'],
  MISSED: ['Caller hung up before the greeting ended.'],
  SPAM: ['Robocall about an extended car warranty.', 'Unsolicited SEO offer.'],
};
/** How often each outcome comes up, out of 20 calls. */
const OUTCOME_PLAN: (typeof CALL_OUTCOMES)[number][] = [
  'BOOKED',
  'INFORMATION',
  'LEAD_CREATED',
  'BOOKED',
  'MISSED',
  'INFORMATION',
  'BOOKED',
  'SPAM',
  'LEAD_CREATED',
  'BOOKED',
  'INFORMATION',
  'MISSED',
  'BOOKED',
  'LEAD_CREATED',
  'INFORMATION',
  'BOOKED',
  'SPAM',
  'MISSED',
  'BOOKED',
  'INFORMATION',
];
const MAKES: Record<AssetType, readonly [string, string][]> = {
  HVAC: [
    ['Carrier', 'Infinity 24'],
    ['Trane', 'XR14'],
    ['Lennox', 'EL16XC1'],
  ],
  WATER_HEATER: [
    ['Rheem', 'Performance 50'],
    ['A. O. Smith', 'Signature 40'],
    ['Bradford White', 'RG250'],
  ],
  BOILER: [
    ['Weil-McLain', 'CGa-4'],
    ['Burnham', 'ES2'],
  ],
  ELECTRICAL_PANEL: [
    ['Square D', 'QO 200A'],
    ['Siemens', 'PN Series 150A'],
    ['Eaton', 'BR 100A'],
  ],
  PLUMBING: [
    ['Zoeller', 'M53 sump pump'],
    ['Culligan', 'HE softener'],
  ],
  APPLIANCE: [
    ['Whirlpool', 'WRF555 refrigerator'],
    ['Bosch', '300 dishwasher'],
  ],
  OTHER: [['Generac', 'Guardian 14kW generator']],
};

export type DemoDashboardCounts = { calls: number; linkedCalls: number; assets: number };

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/**
 * The AI receptionist's last 90 days (60 calls, every outcome, booked calls linked to demo jobs and
 * lead calls to demo leads), equipment on the demo customers' sites with install dates from new to 20+ years
 * (a few unknown), and the company's financing URL. The onboarding checklist ticks itself from the demo's
 * records. Deterministic given `now`.
 */
export async function seedDemoDashboard(db: Db, company: SeededCompany, now: Date, timeZone: string): Promise<DemoDashboardCounts> {
  const tenantId = company.tenantId;
  const createdBy = company.userIds['admin@demo.test'] ?? null;
  const [jobs, leads, sites] = await Promise.all([
    db.selectFrom('jobs').select('id').where('tenant_id', '=', tenantId).orderBy('job_number').execute(),
    db.selectFrom('crm_leads').select('id').where('tenant_id', '=', tenantId).orderBy('lead_number').execute(),
    db
      .selectFrom('customer_addresses')
      .select(['id', 'customer_id'])
      .where('tenant_id', '=', tenantId)
      .where('archived_at', 'is', null)
      .orderBy('customer_id')
      .orderBy('position')
      .execute(),
  ]);
  const calls: ReceptionistCallsTable[] = [];
  for (let i = 0; i < 60; i++) {
    const outcome = pick(OUTCOME_PLAN, i);
    // Spread over the last 90 days, in business hours of the company's day (8:00–17:59 local); none in the future.
    const daysAgo = Math.floor((i * 89) / 59);
    const day = dayKeyOf(new Date(now.getTime() - daysAgo * 86_400_000), timeZone);
    const startMs = instantOf(day, (8 + ((i * 7) % 10)) * 60 + ((i * 13) % 60), timeZone);
    if (startMs > now.getTime()) continue;
    const seconds = outcome === 'MISSED' ? (i % 3) * 4 : outcome === 'SPAM' ? 20 + (i % 4) * 10 : 90 + ((i * 37) % 420);
    const linkJob = outcome === 'BOOKED' && jobs.length > 0 && i % 2 === 0;
    const linkLead = outcome === 'LEAD_CREATED' && leads.length > 0;
    calls.push({
      id: randomUUID(),
      tenant_id: tenantId,
      external_call_id: `demo-call-${String(i + 1).padStart(4, '0')}`,
      caller_name: outcome === 'SPAM' || (outcome === 'MISSED' && i % 2 === 1) ? null : pick(CALLERS, i),
      caller_number: `+1 917 555 ${String(4000 + ((i * 53) % 1000)).slice(-4)}`,
      started_at: new Date(startMs).toISOString(),
      ended_at: new Date(startMs + seconds * 1000).toISOString(),
      duration_seconds: seconds,
      outcome,
      summary: pick(SUMMARIES[outcome], i),
      lead_id: linkLead ? pick(leads, i).id : null,
      job_id: linkJob ? pick(jobs, i).id : null,
      created_by: createdBy,
      created_at: new Date(startMs + seconds * 1000 + 5_000).toISOString(),
    });
  }
  const today = dayKeyOf(now, timeZone);
  const assetSites = sites.length ? Array.from({ length: 40 }, (_, i) => pick(sites, i)) : [];
  const assets: CustomerAssetsTable[] = assetSites.map((site, i) => {
    const type = pick(ASSET_TYPES, i * 3 + (i % 2));
    const [make, model] = pick(MAKES[type], i);
    // Ages 0–22 years (every band), one in eight unknown.
    const installDate = i % 8 === 7 ? null : shiftYears(today, -((i * 5) % 23), -((i * 41) % 300));
    const at = new Date(now.getTime() - (60 - i) * 86_400_000).toISOString();
    return {
      id: randomUUID(),
      tenant_id: tenantId,
      customer_id: site.customer_id,
      address_id: site.id,
      asset_type: type,
      make,
      model,
      serial: `${make.replace(/[^A-Z]/g, '').slice(0, 3) || 'SN'}-${String(100_000 + i * 7919).slice(-6)}`,
      install_date: installDate,
      notes: i % 5 === 0 ? 'Annual maintenance plan.' : null,
      created_by: createdBy,
      created_at: at,
      updated_at: at,
      version: 1,
    };
  });
  await db.transaction().execute(async (trx) => {
    if (calls.length) await trx.insertInto('receptionist_calls').values(calls).execute();
    if (assets.length) await trx.insertInto('customer_assets').values(assets).execute();
    await trx.updateTable('tenants').set({ financing_url: DEMO_FINANCING_URL }).where('id', '=', tenantId).execute();
  });
  return { calls: calls.length, linkedCalls: calls.filter((c) => c.job_id || c.lead_id).length, assets: assets.length };
}

function shiftYears(day: string, years: number, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d + days)).toISOString().slice(0, 10);
}
