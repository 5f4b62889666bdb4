import { withTenant } from '@fieldwork/db/tenant-scope';
import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import type { AccessLevel, RoleName } from '@fieldwork/domain/access/roles.rules';
import { customerSearchText } from '@fieldwork/domain/customers/customers.schemas';
import { seedJobs } from './demo-jobs.ts';
import { seedDemoBids } from './demo-bids.ts';
import { seedDemoBilling, type DemoBillingCounts } from './demo-billing.ts';
import { seedDemoCosts } from './demo-costs.ts';
import { seedDemoDashboard } from './demo-dashboard.ts';
import { seedTasks } from './demo-tasks.ts';
import { seedVehicles } from './demo-vehicles.ts';
import type { SeededCompany } from './demo.types.ts';
import { portalSlug } from '@fieldwork/domain/portal/portal.rules';

export const DEMO_PASSWORD = 'demo-pass-2026';

type Hasher = { hashPassword: (password: string) => Promise<string> };
/** `now` fixes the clock the demo's dates are spread around (tests); the default is the real time. */
type DemoOptions = { mediaDir?: string | undefined; now?: Date | undefined };

export type DemoLogin = { email: string; company: string; role: RoleName; access: AccessLevel | null };

type SeedUser = { email: string; name: string; role: RoleName; access: AccessLevel; phone?: string };

const DEMO_USERS: SeedUser[] = [
  { email: 'admin@demo.test', name: 'Dana Admin', role: 'Admin', access: 'fullAccess', phone: '+1 212 555 0100' },
  { email: 'office@demo.test', name: 'Olivia Office', role: 'Staff', access: 'partialAccess', phone: '+1 212 555 0101' },
  { email: 'viewer@demo.test', name: 'Victor Viewer', role: 'Staff', access: 'onlyViewAccess' },
  { email: 'noaccess@demo.test', name: 'Nora Noaccess', role: 'Staff', access: 'noAccess' },
  { email: 'tech1@demo.test', name: 'Tom Technician', role: 'Technician', access: 'noAccess', phone: '+1 212 555 0111' },
  { email: 'tech2@demo.test', name: 'Tara Technician', role: 'Technician', access: 'noAccess', phone: '+1 212 555 0112' },
  { email: 'tech3@demo.test', name: 'Theo Technician', role: 'Technician', access: 'noAccess', phone: '+1 212 555 0113' },
  { email: 'sub1@demo.test', name: 'Sam Subcontractor', role: 'SubContractor', access: 'noAccess', phone: '+1 212 555 0120' },
];

const STREETS = ['Maple Ave', 'Oak St', 'Pine Rd', 'Cedar Ln', 'Elm St', 'Birch Blvd', 'Walnut Dr', 'Spruce Ct', 'Willow Way', 'Chestnut St'];
const TOWNS = [
  ['Brooklyn', 'NY', '11201'],
  ['Queens', 'NY', '11354'],
  ['Hoboken', 'NJ', '07030'],
  ['Yonkers', 'NY', '10701'],
  ['Jersey City', 'NJ', '07302'],
] as const;
const FIRST = ['Alex', 'Jordan', 'Casey', 'Morgan', 'Riley', 'Taylor', 'Jamie', 'Avery', 'Quinn', 'Harper', 'Rowan', 'Sawyer'];
const LAST = ['Garcia', 'Nguyen', 'Patel', 'Smith', 'Johnson', 'Kim', 'Lopez', 'Brown', 'Davis', 'Wilson', 'Moore', 'Clark'];
const BUSINESSES = ['Bakery', 'Dental', 'Realty', 'Fitness', 'Cafe', 'Law Office', 'Apartments', 'Daycare', 'Hardware', 'Clinic'];

/** Deterministic, so demo screens and tests see the same data every time. */
function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length]!;
}

export type SeedCompanyOptions = {
  name: string;
  timeZone: string;
  users: SeedUser[];
  customers: number;
  zones: string[];
  serviceTags: string[];
  accountTags: string[];
  subcontractors: { name: string; kind: 'COMPANY' | 'PERSON'; contactName: string | null; userEmail?: string }[];
  passwordHash: string;
  createdAt?: Date;
};

/** Inserts one company with users, lookups, customers and subcontractors, in one transaction. */
export async function seedCompany(db: Db, o: SeedCompanyOptions): Promise<SeededCompany> {
  const tenantId = randomUUID();
  const base = (o.createdAt ?? new Date()).getTime();
  const at = (minutesAgo: number) => new Date(base - minutesAgo * 60_000).toISOString();
  const out: SeededCompany = { tenantId, userIds: {}, zoneIds: [], serviceTagIds: [], accountTagIds: [], customerIds: [], subcontractorIds: [] };
  await withTenant(tenantId, () =>
    db.transaction().execute(async (trx) => {
      // Demo companies count as verified: they may email customers (to the test mail server or nowhere) at once.
      await trx
        .insertInto('tenants')
        .values({
          id: tenantId,
          name: o.name,
          time_zone: o.timeZone,
          created_at: at(60 * 24 * 90),
          updated_at: at(60 * 24 * 90),
          version: 1,
          portal_slug: portalSlug(o.name, tenantId),
          email_verified_at: at(60 * 24 * 90),
        })
        .execute();
      let adminId: string | null = null;
      for (const [i, u] of o.users.entries()) {
        const id = randomUUID();
        out.userIds[u.email] = id;
        await trx
          .insertInto('users')
          .values({
            id,
            tenant_id: tenantId,
            email: u.email,
            password_hash: o.passwordHash,
            name: u.name,
            phone: u.phone ?? null,
            role: u.role,
            access: u.access,
            status: 'ACTIVE',
            photo_file_id: null,
            added_by: adminId,
            created_at: at(60 * 24 * 90 - i),
            updated_at: at(60 * 24 * 90 - i),
            password_changed_at: at(60 * 24 * 90),
            version: 1,
          })
          .execute();
        adminId ??= id;
      }
      for (const name of o.zones) {
        const id = randomUUID();
        out.zoneIds.push(id);
        await trx
          .insertInto('zones')
          .values({ id, tenant_id: tenantId, name, created_at: at(60 * 24 * 89) })
          .execute();
      }
      for (const [type, names, ids] of [
        ['SERVICE', o.serviceTags, out.serviceTagIds],
        ['ACCOUNT', o.accountTags, out.accountTagIds],
      ] as const) {
        for (const name of names) {
          const id = randomUUID();
          ids.push(id);
          await trx
            .insertInto('tags')
            .values({ id, tenant_id: tenantId, name, type, created_at: at(60 * 24 * 89) })
            .execute();
        }
      }
      const technicians = o.users.filter((u) => u.role === 'Technician');
      for (const [i, tech] of technicians.entries()) {
        const userId = out.userIds[tech.email]!;
        if (out.serviceTagIds.length)
          await trx
            .insertInto('user_tags')
            .values({ tenant_id: tenantId, user_id: userId, tag_id: pick(out.serviceTagIds, i) })
            .execute();
        if (out.zoneIds.length)
          await trx
            .insertInto('user_zones')
            .values({ tenant_id: tenantId, user_id: userId, zone_id: pick(out.zoneIds, i) })
            .execute();
      }
      for (let i = 0; i < o.customers; i++) {
        const id = randomUUID();
        out.customerIds.push(id);
        const person = `${pick(FIRST, i)} ${pick(LAST, i * 7 + 3)}`;
        const isBusiness = i % 3 === 0;
        const name = isBusiness ? `${pick(LAST, i)} ${pick(BUSINESSES, i)}` : person;
        const [town, state, zip] = pick(TOWNS, i);
        const emailUser = person.toLowerCase().replace(/[^a-z]+/g, '.');
        const email = `${emailUser}${i}@example.com`;
        const phone = `+1 917 555 ${String(1000 + i).slice(-4)}`;
        const addresses = Array.from({ length: isBusiness ? 2 : 1 }, (_, a) => {
          const line = `${100 + ((i * 37 + a * 11) % 900)} ${pick(STREETS, i + a)}`;
          return { addressLine1: line, buildingUnit: a === 1 ? `Unit ${a + 1}B` : null, fullAddress: `${line}, ${town}, ${state} ${zip}` };
        });
        const createdAt = at(60 * 24 * (80 - (i % 80)) + i);
        await trx
          .insertInto('customers')
          .values({
            id,
            tenant_id: tenantId,
            name,
            email,
            phone,
            notes: isBusiness ? 'Commercial account; call ahead for site access.' : null,
            is_active: 1,
            created_by: adminId,
            search_text: customerSearchText({ name, email, phone, contacts: [{ name: person }], addresses }),
            created_at: createdAt,
            updated_at: createdAt,
            version: 1,
          })
          .execute();
        await trx
          .insertInto('customer_addresses')
          .values(
            addresses.map((a, position) => ({
              id: randomUUID(),
              tenant_id: tenantId,
              customer_id: id,
              address_line1: a.addressLine1,
              building_unit: a.buildingUnit,
              full_address: a.fullAddress,
              position,
              archived_at: null,
            })),
          )
          .execute();
        await trx
          .insertInto('customer_contacts')
          .values({
            id: randomUUID(),
            tenant_id: tenantId,
            customer_id: id,
            name: person,
            email,
            mobile_number: `+1 917 555 ${String(2000 + i).slice(-4)}`,
            is_billing: 1,
            position: 0,
            archived_at: null,
          })
          .execute();
        if (out.accountTagIds.length && i % 2 === 0) {
          await trx
            .insertInto('customer_tags')
            .values({ tenant_id: tenantId, customer_id: id, tag_id: pick(out.accountTagIds, i) })
            .execute();
        }
      }
      for (const [i, s] of o.subcontractors.entries()) {
        const id = randomUUID();
        out.subcontractorIds.push(id);
        await trx
          .insertInto('subcontractors')
          .values({
            id,
            tenant_id: tenantId,
            name: s.name,
            kind: s.kind,
            contact_name: s.contactName,
            email: `${s.name.toLowerCase().replace(/[^a-z]+/g, '')}@subs.example.com`,
            phone: `+1 646 555 ${String(3000 + i).slice(-4)}`,
            is_active: 1,
            user_id: s.userEmail ? (out.userIds[s.userEmail] ?? null) : null,
            created_at: at(60 * 24 * 85 - i),
            updated_at: at(60 * 24 * 85 - i),
            version: 1,
          })
          .execute();
        if (out.serviceTagIds.length)
          await trx
            .insertInto('subcontractor_tags')
            .values({ tenant_id: tenantId, subcontractor_id: id, tag_id: pick(out.serviceTagIds, i + 1) })
            .execute();
        if (out.zoneIds.length)
          await trx
            .insertInto('subcontractor_zones')
            .values({ tenant_id: tenantId, subcontractor_id: id, zone_id: pick(out.zoneIds, i) })
            .execute();
      }
    }),
  );
  return out;
}

export type DemoSeed = { password: string; logins: DemoLogin[]; demo: SeededCompany; rival: SeededCompany; billing: DemoBillingCounts };

/** The demo contract other tests rely on: logins, zones, tags, 20 customers, 3 subcontractors; 6 vehicles; a year of estimates and invoices. */
export async function seedDemo(db: Db, hasher: Hasher, options: DemoOptions = {}): Promise<DemoSeed> {
  const passwordHash = await hasher.hashPassword(DEMO_PASSWORD);
  const now = options.now ?? new Date();
  const demo = await seedCompany(db, {
    name: 'Demo Contracting',
    timeZone: 'America/New_York',
    users: DEMO_USERS,
    customers: 20,
    zones: ['North', 'Downtown', 'Riverside'],
    serviceTags: ['HVAC', 'Plumbing', 'Electrical', 'Roofing'],
    accountTags: ['VIP', 'Commercial', 'Residential'],
    subcontractors: [
      { name: 'Ace Plumbing Subs', kind: 'COMPANY', contactName: 'Sam Subcontractor', userEmail: 'sub1@demo.test' },
      { name: 'Bright Spark Electric', kind: 'COMPANY', contactName: 'Bea Bright' },
      { name: 'Carlos Roofing', kind: 'PERSON', contactName: null },
    ],
    passwordHash,
    createdAt: now,
  });
  const rival = await seedCompany(db, {
    name: 'Rival Services',
    timeZone: 'America/Los_Angeles',
    users: [{ email: 'admin@rival.test', name: 'Rita Rival', role: 'Admin', access: 'fullAccess' }],
    customers: 5,
    zones: ['West'],
    serviceTags: ['Landscaping'],
    accountTags: ['Rival VIP'],
    subcontractors: [{ name: 'Rival Subs', kind: 'COMPANY', contactName: null }],
    passwordHash,
    createdAt: now,
  });
  // Each company's records in its own scope: on PostgreSQL row-level security admits nothing else.
  const billing = await withTenant(demo.tenantId, async () => {
    await seedJobs(db, demo, { jobs: 40, rich: true, mediaDir: options.mediaDir, now });
    // Before the tasks: their finished work periods name the vehicles in service at the time.
    await seedVehicles(db, demo.tenantId, demo.userIds['admin@demo.test'] ?? null, now);
    await seedTasks(db, demo, { tasks: 120, rich: true, now });
    await seedDemoBids(db, demo, now);
    const seeded = await seedDemoBilling(db, demo, now, 'America/New_York');
    await seedDemoCosts(db, demo, now, 'America/New_York');
    await seedDemoDashboard(db, demo, now, 'America/New_York');
    return seeded;
  });
  await withTenant(rival.tenantId, async () => {
    await seedJobs(db, rival, { jobs: 6, rich: false, now });
    await seedTasks(db, rival, { tasks: 8, rich: false, now });
  });
  const logins: DemoLogin[] = [
    ...DEMO_USERS.map((u) => ({
      email: u.email,
      company: 'Demo Contracting',
      role: u.role,
      access: u.role === 'Admin' || u.role === 'Staff' ? u.access : null,
    })),
    { email: 'admin@rival.test', company: 'Rival Services', role: 'Admin', access: 'fullAccess' },
  ];
  return { password: DEMO_PASSWORD, logins, demo, rival, billing };
}

export async function seedDemoIfEmpty(db: Db, hasher: Hasher, options: DemoOptions = {}): Promise<DemoSeed | null> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(row.n) > 0) return null;
  return seedDemo(db, hasher, options);
}
