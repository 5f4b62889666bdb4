import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { deriveTaskStatus, TASK_STATUSES, type TaskLifecycle, type TaskStatus } from '@fieldwork/domain/tasks/task-status.rules';
import { nextNumber } from '@fieldwork/db/counters';
import { seedDemo } from './demo-data.ts';
import { dayLeftIn, TECH1_FREE_SHARE_OF_DAY_LEFT } from './demo-tasks.ts';
import { DEMO_VEHICLES, vinCheckDigit } from './demo-vehicles.ts';
import { isValidVin } from '@fieldwork/domain/company/vehicles.schemas';
import { expectConsistentBilling } from './demo-billing-checks.ts';
import { expectConsistentTasks, freshDatabase, groupBy } from './demo-task-checks.ts';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

describe('demo data (the contract other tests and the demo rely on)', () => {
  it('seeds both companies with users, lookups, customers, subcontractors and lived-in jobs', async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), 'fw-demo-media-'));
    const {
      handle: { db, dialect, close },
      drop,
    } = await freshDatabase();
    try {
      await migrateToLatest(db, dialect);
      const seed = await seedDemo(db, { hashPassword: async (p) => `plain:${p}` }, { mediaDir });
      expect(seed.logins.map((l) => l.email)).toEqual([
        'admin@demo.test',
        'office@demo.test',
        'viewer@demo.test',
        'noaccess@demo.test',
        'tech1@demo.test',
        'tech2@demo.test',
        'tech3@demo.test',
        'sub1@demo.test',
        'admin@rival.test',
      ]);
      const t = seed.demo.tenantId;
      const count = async (table: 'zones' | 'customers' | 'subcontractors' | 'crm_leads' | 'notes' | 'media' | 'activity_log' | 'job_tags' | 'job_zones') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('tenant_id', '=', t)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('zones')).toBe(3);
      expect(await count('customers')).toBe(20);
      expect(await count('subcontractors')).toBe(3);
      const sub = await db
        .selectFrom('subcontractors')
        .innerJoin('users', 'users.id', 'subcontractors.user_id')
        .select(['subcontractors.name', 'users.email'])
        .where('subcontractors.tenant_id', '=', t)
        .executeTakeFirstOrThrow();
      expect(sub).toEqual({ name: 'Ace Plumbing Subs', email: 'sub1@demo.test' });

      const statuses = await db.selectFrom('jobs').select('status').distinct().where('tenant_id', '=', t).execute();
      expect(statuses.map((s) => s.status).sort()).toEqual(['CANCELLED', 'CLOSED', 'OPEN']);
      for (const table of ['crm_leads', 'notes', 'media', 'activity_log', 'job_tags', 'job_zones'] as const)
        expect(await count(table), table).toBeGreaterThan(0);
      const files = await db.selectFrom('media').select('storage_key').where('tenant_id', '=', t).execute();
      for (const f of files) expect(existsSync(join(mediaDir, f.storage_key))).toBe(true);
      const jobWithNotes = await db
        .selectFrom('jobs')
        .select(['id', 'note_count'])
        .where('tenant_id', '=', t)
        .where('note_count', '>', 0)
        .executeTakeFirstOrThrow();
      const notes = await db.selectFrom('notes').select('id').where('job_id', '=', jobWithNotes.id).execute();
      expect(notes).toHaveLength(jobWithNotes.note_count);
      const money = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.sum<number>('paid_cents').as('paid'))
        .where('tenant_id', '=', t)
        .executeTakeFirstOrThrow();
      // Paid amounts come from the demo's invoice payments (checked in the billing test below).
      expect(Number(money.paid)).toBeGreaterThan(0);
      const counts = await db.selectFrom('job_counts').select(['status', 'n']).where('tenant_id', '=', t).execute();
      expect(counts.reduce((n, c) => n + Number(c.n), 0)).toBe(40);
      const converted = await db
        .selectFrom('crm_leads')
        .leftJoin('jobs', 'jobs.crm_lead_id', 'crm_leads.id')
        .select(['crm_leads.status', 'jobs.id as job_id'])
        .where('crm_leads.tenant_id', '=', t)
        .execute();
      expect(converted.some((l) => l.status === 'CONVERTED')).toBe(true);
      for (const l of converted) expect(l.status === 'CONVERTED', JSON.stringify(l)).toBe(l.job_id !== null);
      expect((await db.selectFrom('jobs').select('id').where('tenant_id', '=', seed.rival.tenantId).execute()).length).toBe(6);
    } finally {
      await close();
      await drop();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  // Mid-morning, half an hour and three minutes before midnight (little of "today" left for awaiting and running
  // tasks), and twenty minutes after midnight (no room earlier today: those tasks go to yesterday).
  it.each(['2026-03-10T15:30:00Z', '2026-07-01T03:30:00Z', '2026-11-28T04:57:00Z', '2026-11-22T05:20:00Z'])(
    'spreads tasks over every status, assignee and period (now %s)',
    async (instant) => {
      const now = new Date(instant);
      const zone = 'America/New_York';
      const {
        handle: { db, dialect, close },
        drop,
      } = await freshDatabase();
      try {
        await migrateToLatest(db, dialect);
        const seed = await seedDemo(db, { hashPassword: async (p) => `plain:${p}` }, { now });
        const t = seed.demo.tenantId;
        const tasks = await db
          .selectFrom('tasks')
          .select(['id', 'tenant_id', 'task_number', 'lifecycle', 'assigned_to', 'assignee_key', 'assigned_user_id', 'start_at', 'expected_end_at', 'job_id'])
          .execute();
        const demo = tasks.filter((k) => k.tenant_id === t);
        expect(demo).toHaveLength(120);
        expect(tasks.filter((k) => k.tenant_id === seed.rival.tenantId).length).toBeGreaterThan(0);

        // Every derived status, and each where it can occur: in the past, today, the future, or unscheduled.
        const today = dayIn(now, zone);
        const byPeriod = new Map<string, Set<TaskStatus>>();
        for (const k of demo) {
          const status = deriveTaskStatus(
            { lifecycle: k.lifecycle as TaskLifecycle, startDateTime: k.start_at, expectedEndDateTime: k.expected_end_at, assignedTo: k.assigned_to as 'NONE' },
            now,
            zone,
          );
          const day = k.start_at ? dayIn(k.start_at, zone) : null;
          const period = day === null ? 'unscheduled' : day < today ? 'past' : day > today ? 'future' : 'today';
          byPeriod.set(period, (byPeriod.get(period) ?? new Set()).add(status));
        }
        const all = new Set([...byPeriod.values()].flatMap((s) => [...s]));
        expect([...all].sort()).toEqual([...TASK_STATUSES].sort());
        const has = (period: string, statuses: TaskStatus[]) =>
          expect([...(byPeriod.get(period) ?? [])].sort(), period).toEqual(expect.arrayContaining(statuses));
        has('past', ['CLOSED', 'CLOCKED_OUT', 'CLOCKED_IN', 'OPEN', 'MISSED', 'CANCELLED', 'UNASSIGNED']);
        const justAfterMidnight = instant === '2026-11-22T05:20:00Z';
        has(
          'today',
          justAfterMidnight
            ? ['CLOCKED_IN', 'OPEN', 'AWAITING_START', 'CANCELLED', 'UNASSIGNED']
            : ['CLOSED', 'CLOCKED_OUT', 'CLOCKED_IN', 'OPEN', 'MISSED', 'AWAITING_START', 'CANCELLED', 'UNASSIGNED'],
        );
        // Work booked "now" by a test or a dispatcher (tech1, the e2e's Tom, from 30 minutes ago to the free share of
        // what is left of the day, at most twenty minutes) clashes with none of tech1's tasks.
        const dayLeft = dayLeftIn(now.getTime(), zone);
        const clear = { from: now.getTime() - 30 * 60_000, to: now.getTime() + Math.min(20 * 60_000, TECH1_FREE_SHARE_OF_DAY_LEFT * dayLeft) };
        const tech1Near = demo.filter((k) => k.assigned_user_id === seed.demo.userIds['tech1@demo.test'] && k.start_at && k.expected_end_at);
        expect(tech1Near.filter((k) => Date.parse(k.start_at!) < clear.to && Date.parse(k.expected_end_at!) > clear.from)).toEqual([]);
        has('future', ['UPCOMING', 'CANCELLED', 'UNASSIGNED']);
        has('unscheduled', ['UNSCHEDULED', 'CANCELLED']);

        // Each technician and the subcontractor with a login have work; some tasks are unscheduled or unassigned.
        for (const email of ['tech1@demo.test', 'tech2@demo.test', 'tech3@demo.test']) {
          expect(demo.filter((k) => k.assigned_user_id === seed.demo.userIds[email]).length, email).toBeGreaterThanOrEqual(5);
        }
        const ace = await db
          .selectFrom('subcontractors')
          .select('id')
          .where('tenant_id', '=', t)
          .where('name', '=', 'Ace Plumbing Subs')
          .executeTakeFirstOrThrow();
        expect(demo.filter((k) => k.assignee_key === ace.id).length).toBeGreaterThanOrEqual(3);
        expect(demo.filter((k) => !k.start_at).length).toBeGreaterThanOrEqual(3);
        expect(demo.filter((k) => k.start_at && !k.assignee_key).length).toBeGreaterThanOrEqual(3);

        // sub1@demo.test has a bid request to answer; another subcontractor's bid waits for the office, on an upcoming unassigned task.
        const bids = await db
          .selectFrom('bid_requests')
          .innerJoin('tasks', 'tasks.id', 'bid_requests.task_id')
          .select(['bid_requests.subcontractor_id', 'bid_requests.status', 'bid_requests.amount_cents', 'tasks.assignee_key', 'tasks.start_at'])
          .where('bid_requests.tenant_id', '=', t)
          .execute();
        expect(bids.map((b) => [b.subcontractor_id === ace.id, b.status, b.amount_cents]).sort()).toEqual([
          [false, 'SUBMITTED', 125_000],
          [true, 'REQUESTED', null],
        ]);
        expect(bids.every((b) => b.assignee_key === null && b.start_at! > now.toISOString())).toBe(true);

        await expectConsistentTasks(db, now);

        // Six vehicles (five active) with valid VINs; finished technician periods with vehicles in service
        // at the time and 1–2 assistants, who are other technicians and never the task's assignee.
        const vehicles = await db.selectFrom('vehicles').selectAll().where('tenant_id', '=', t).execute();
        expect(vehicles).toHaveLength(6);
        expect(vehicles.filter((v) => v.is_active).length).toBe(5);
        for (const v of vehicles) expect(isValidVin(v.vin) && vinCheckDigit(v.vin) === v.vin[8], v.vin).toBe(true);
        expect(vehicles.map((v) => v.vin).sort()).toEqual(DEMO_VEHICLES.map((v) => v.vin).sort());
        const periods = await db
          .selectFrom('task_activities')
          .innerJoin('tasks', 'tasks.id', 'task_activities.task_id')
          .select([
            'task_activities.id',
            'task_activities.user_id',
            'task_activities.vehicle_id',
            'task_activities.start_time',
            'task_activities.end_time',
            'tasks.lifecycle',
            'tasks.assigned_user_id',
            'tasks.start_at',
            'tasks.task_number',
          ])
          .where('task_activities.tenant_id', '=', t)
          .execute();
        const helpers = await db.selectFrom('task_activity_assistants').select(['activity_id', 'user_id', 'tenant_id']).execute();
        const helpersOf = groupBy(helpers, (h) => h.activity_id);
        const technicianIds = new Set(['tech1@demo.test', 'tech2@demo.test', 'tech3@demo.test'].map((e) => seed.demo.userIds[e]));
        const finished = periods.filter((a) => a.end_time !== null && (a.lifecycle === 'CLOCKED_OUT' || a.lifecycle === 'CLOSED'));
        for (const lifecycle of ['CLOCKED_OUT', 'CLOSED']) {
          const withBoth = finished.filter((a) => a.lifecycle === lifecycle && a.vehicle_id && (helpersOf.get(a.id)?.length ?? 0) > 0);
          expect(withBoth.length, lifecycle).toBeGreaterThan(0);
        }
        const byId = new Map(vehicles.map((v) => [v.id, v]));
        for (const a of periods) {
          const crew = helpersOf.get(a.id) ?? [];
          expect(crew.length, `task ${a.task_number}`).toBeLessThanOrEqual(2);
          for (const h of crew) {
            expect(h.tenant_id).toBe(t);
            expect(h.user_id).not.toBe(a.user_id);
            expect(h.user_id).not.toBe(a.assigned_user_id);
            expect(technicianIds.has(h.user_id)).toBe(true);
          }
          if (!a.vehicle_id) continue;
          const v = byId.get(a.vehicle_id)!;
          expect(v.created_at <= a.start_time, `vehicle of task ${a.task_number} already added`).toBe(true);
          if (!v.is_active) expect(a.start_time < v.updated_at, `vehicle of task ${a.task_number} not yet retired`).toBe(true);
        }
        const used = new Set(periods.map((a) => a.vehicle_id).filter(Boolean));
        expect(vehicles.filter((v) => !used.has(v.id)).map((v) => v.name)).toEqual(['Compact Van - Ram ProMaster City']);
        expect(used.has(vehicles.find((v) => !v.is_active)!.id)).toBe(true);

        // The clock e2e: tech2 has been clocked in since earlier today; tech1 runs nothing and has a task awaiting start today.
        const mineToday = (email: string) =>
          demo
            .filter((k) => k.assigned_user_id === seed.demo.userIds[email] && k.start_at && dayIn(k.start_at, zone) === today)
            .map((k) => ({
              ...k,
              status: deriveTaskStatus(
                {
                  lifecycle: k.lifecycle as TaskLifecycle,
                  startDateTime: k.start_at,
                  expectedEndDateTime: k.expected_end_at,
                  assignedTo: k.assigned_to as 'NONE',
                },
                now,
                zone,
              ),
            }));
        const running = periods.filter((a) => a.end_time === null);
        const tech2Running = running.filter((a) => a.user_id === seed.demo.userIds['tech2@demo.test']);
        expect(tech2Running).toHaveLength(1);
        expect(dayIn(tech2Running[0]!.start_time, zone)).toBe(today);
        expect(mineToday('tech2@demo.test').some((k) => k.status === 'CLOCKED_IN')).toBe(true);
        expect(running.some((a) => a.user_id === seed.demo.userIds['tech1@demo.test'])).toBe(false);
        expect(mineToday('tech1@demo.test').some((k) => k.status === 'AWAITING_START')).toBe(true);

        const logs = await db
          .selectFrom('activity_log')
          .select(['entity_id', 'message', 'job_id'])
          .where('entity_type', '=', 'TASK')
          .where('action', '=', 'TASK_CREATED')
          .execute();
        expect(logs).toHaveLength(tasks.length);
        const logOf = new Map(logs.map((l) => [l.entity_id, l]));
        for (const k of tasks) expect(logOf.get(k.id)).toEqual({ entity_id: k.id, message: `Task #${k.task_number} created`, job_id: k.job_id });
      } finally {
        await close();
        await drop();
      }
    },
  );

  // Mid-year, and just after New Year's midnight in New York (the year boundary splits the months).
  it.each(['2026-05-12T18:00:00Z', '2027-01-01T05:30:00Z'])('fills a year of estimates and invoices with payments (now %s)', async (instant) => {
    const now = new Date(instant);
    const {
      handle: { db, dialect, close },
      drop,
    } = await freshDatabase();
    try {
      await migrateToLatest(db, dialect);
      const seed = await seedDemo(db, { hashPassword: async (p) => `plain:${p}` }, { now });
      expect(seed.billing).toMatchObject({ catalogueItems: 16, estimates: 60, invoices: 51 });
      await expectConsistentBilling(db, seed.demo.tenantId, now, 'America/New_York');
      for (const table of ['estimates', 'invoices', 'catalogue_items'] as const) {
        expect((await db.selectFrom(table).select('id').where('tenant_id', '=', seed.rival.tenantId).execute()).length, table).toBe(0);
      }
      // The counters hand the server a free number next.
      const t = seed.demo.tenantId;
      const nextEstimate = await nextNumber(db, t, 'estimate');
      expect(
        await db.selectFrom('estimates').select('id').where('tenant_id', '=', t).where('estimate_number', '=', nextEstimate).executeTakeFirst(),
      ).toBeUndefined();
      const nextInvoice = await nextNumber(db, t, 'invoice');
      expect(
        await db.selectFrom('invoices').select('id').where('tenant_id', '=', t).where('invoice_number', '=', nextInvoice).executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await close();
      await drop();
    }
  });
});
