import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { nextNumber } from '@fieldwork/db/counters';
import { seedCompany } from './demo-data.ts';
import { seedJobs } from './demo-jobs.ts';
import { seedTasks } from './demo-tasks.ts';
import { expectConsistentTasks, freshDatabase } from './demo-task-checks.ts';

describe('demo data at scale', () => {
  it('bulk-loads with indexes and triggers set aside, then restores them and exact totals', async () => {
    const now = new Date('2026-05-12T18:00:00Z');
    const {
      handle: { db, dialect, close },
      drop,
    } = await freshDatabase();
    try {
      await migrateToLatest(db, dialect);
      const schema = async () =>
        (dialect === 'sqlite'
          ? await sql<{ o: string }>`select type || ' ' || name || ' ' || sql as o from sqlite_master where sql is not null order by 1`.execute(db)
          : await sql<{ o: string }>`select indexdef as o from pg_indexes where schemaname = current_schema()
              union all select tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal order by 1`.execute(db)
        ).rows.map((r) => r.o);
      const before = await schema();
      const users = [{ email: 'boss@bulk.test', name: 'Boss', role: 'Admin' as const, access: 'fullAccess' as const }];
      for (let i = 0; i < 12; i++) users.push({ email: `tech${i}@bulk.test`, name: `Tech ${i}`, role: 'Technician' as never, access: 'noAccess' as never });
      const company = await seedCompany(db, {
        name: 'Bulk Co',
        timeZone: 'America/Chicago',
        users,
        customers: 10,
        zones: [],
        serviceTags: [],
        accountTags: [],
        createdAt: now,
        passwordHash: 'x',
        subcontractors: [
          { name: 'Sub A', kind: 'COMPANY', contactName: null },
          { name: 'Sub B', kind: 'PERSON', contactName: null },
        ],
      });
      await seedJobs(db, company, { jobs: 60, rich: false, now, days: 120 });
      expect(await seedTasks(db, company, { tasks: 3000, rich: false, now, bulkLoad: true, batch: 700, log: false })).toEqual({
        count: 3000,
        firstNumber: 1001,
        lastNumber: 4000,
      });
      expect(await schema()).toEqual(before);

      const counts = new Map(
        (await db.selectFrom('task_counts').select(['key', 'n']).where('tenant_id', '=', company.tenantId).execute()).map((c) => [c.key, Number(c.n)]),
      );
      for (const key of [
        'unscheduled',
        'unassigned',
        'assigned',
        'lifecycle:OPEN',
        'lifecycle:CLOCKED_IN',
        'lifecycle:CLOCKED_OUT',
        'lifecycle:CLOSED',
        'lifecycle:CANCELLED',
      ]) {
        expect(counts.get(key), key).toBeGreaterThan(0);
      }
      expect(counts.get('assigned')! / 3000).toBeGreaterThan(0.8);

      // The triggers are back: a task written afterwards is counted by them.
      const job = await db
        .selectFrom('jobs')
        .select(['id', 'customer_id'])
        .where('tenant_id', '=', company.tenantId)
        .where('status', '=', 'OPEN')
        .executeTakeFirstOrThrow();
      const at = now.toISOString();
      const number = await nextNumber(db, company.tenantId, 'task');
      await db
        .insertInto('tasks')
        .values({
          id: randomUUID(),
          tenant_id: company.tenantId,
          task_number: number,
          task_number_text: String(number),
          name: 'Later',
          description: null,
          job_id: job.id,
          customer_id: job.customer_id,
          lifecycle: 'OPEN',
          assigned_to: 'NONE',
          assigned_user_id: null,
          assigned_subcontractor_id: null,
          assignee_key: null,
          schedule_id: null,
          start_at: null,
          expected_end_at: null,
          end_at: null,
          created_by: null,
          created_at: at,
          updated_at: at,
          closed_at: null,
        })
        .execute();
      await db
        .updateTable('jobs')
        .set((eb) => ({ task_count: eb('task_count', '+', 1) }))
        .where('id', '=', job.id)
        .execute();
      await expectConsistentTasks(db, now);
    } finally {
      await close();
      await drop();
    }
  });
});
