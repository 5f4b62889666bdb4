import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { nextNumber } from '@fieldwork/db/counters';
import { buildJob, buildUser } from '@fieldwork/testing/factories';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';

/**
 * The double-booking race: 50 parallel first schedules of 50 different tasks onto one
 * technician's overlapping slots — exactly one lands, 49 get 409 SCHEDULE_CONFLICT, none a 5xx, and the
 * table never holds an overlapping pair. 20 rounds, on whichever dialect the run uses.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
let job: { id: string; customerId: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  job = await buildJob(t.db, tenantId);
});
afterAll(async () => t.close());

const PARALLEL = 50;
const ROUNDS = 20;

/** 50 unscheduled tasks in one insert (the factory's one-by-one inserts would dominate the run). */
async function unscheduledTasks(n: number): Promise<string[]> {
  const at = new Date().toISOString();
  return t.db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    const rows = [];
    for (let i = 0; i < n; i++) {
      const number = await nextNumber(trx, tenantId, 'task');
      const id = randomUUID();
      ids.push(id);
      rows.push({
        id,
        tenant_id: tenantId,
        task_number: number,
        task_number_text: String(number),
        name: `Race ${number}`,
        description: null,
        job_id: job.id,
        customer_id: job.customerId,
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
        version: 1,
      });
    }
    await trx.insertInto('tasks').values(rows).execute();
    return ids;
  });
}

describe('parallel schedules onto one slot', () => {
  it(`${ROUNDS} rounds of ${PARALLEL}: exactly one 2xx, the rest 409 SCHEDULE_CONFLICT, no overlapping pair`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const tech = await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
      const taskIds = await unscheduledTasks(PARALLEL);
      const base = Date.parse('2030-01-07T09:00:00.000Z') + round * 86_400_000;
      // Every slot overlaps every other: starts a minute apart, two hours long.
      const responses = await Promise.all(
        taskIds.map((taskId, i) =>
          t.call('POST', '/api/tasks/schedule', admin.cookie, {
            taskId,
            startDateTime: new Date(base + i * 60_000).toISOString(),
            expectedEndDateTime: null,
            isAssigned: true,
            assignedTo: 'TECHNICIAN',
            assignedTechnicianId: tech.id,
          }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c >= 500),
        `round ${round}: ${responses.find((r) => r.statusCode >= 500)?.body}`,
      ).toEqual([]);
      expect(
        codes.filter((c) => c >= 200 && c < 300),
        `round ${round}`,
      ).toHaveLength(1);
      const refused = responses.filter((r) => r.statusCode === 409);
      expect(refused, `round ${round}`).toHaveLength(PARALLEL - 1);
      const winner = responses.find((r) => r.statusCode === 201)!.json().data.taskNumber;
      for (const r of refused) expect(r.json()).toMatchObject({ code: 'SCHEDULE_CONFLICT', details: { taskNumber: winner } });
      const pairs = await sql<{ n: number }>`
        select count(*) as n from tasks a join tasks b on a.tenant_id = b.tenant_id and a.assignee_key = b.assignee_key and a.id < b.id
        where a.tenant_id = ${tenantId} and a.assignee_key = ${tech.id} and a.lifecycle <> 'CANCELLED' and b.lifecycle <> 'CANCELLED'
          and a.start_at < coalesce(b.expected_end_at, b.start_at) and b.start_at < coalesce(a.expected_end_at, a.start_at)`.execute(t.db);
      expect(Number(pairs.rows[0]!.n), `round ${round}`).toBe(0);
      const assigned = await t.db.selectFrom('tasks').select('id').where('assignee_key', '=', tech.id).execute();
      expect(assigned).toHaveLength(1);
    }
  }, 120_000);
});
