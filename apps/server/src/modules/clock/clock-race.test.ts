import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { nextNumber } from '@fieldwork/db/counters';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { timeline } from '../task-core/tasks.fixture.ts';

/**
 * The double clock-in race: one technician, signed in twice, sends 50 parallel clock-ins on 50
 * different tasks, each allowed on its own — exactly one lands, 49 get 409 with the spec's text, none a
 * 5xx, and the database holds exactly one running period and one clocked-in task. Several rounds, on
 * whichever dialect the run uses.
 */
let t: TestApp;
let tenantId: string;
let job: { id: string; customerId: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await t.newCompany());
  job = await buildJob(t.db, tenantId);
});
afterAll(async () => t.close());

const PARALLEL = 50;
const ROUNDS = 5;

/** n tasks of the technician today, back to back a minute each (one person's tasks may not overlap), in one insert. */
async function todaysTasks(technicianId: string, n: number): Promise<string[]> {
  const T = timeline();
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
        assigned_to: 'TECHNICIAN',
        assigned_user_id: technicianId,
        assigned_subcontractor_id: null,
        assignee_key: technicianId,
        schedule_id: randomUUID(),
        start_at: T.shift(T.startOfToday, i * 60_000),
        expected_end_at: T.shift(T.startOfToday, (i + 1) * 60_000),
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

describe('parallel clock-ins of one person', () => {
  it(`${ROUNDS} rounds of ${PARALLEL} from two sessions: exactly one 2xx, the rest 409 with the spec text, one running period`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first: Session = await t.signInAs(tenantId, 'Technician');
      const second: Session = { cookie: t.cookieFrom(await t.login(first.user.email)), user: first.user };
      const taskIds = await todaysTasks(first.user.id, PARALLEL);
      const responses = await Promise.all(
        taskIds.map((taskId, i) => t.call('POST', '/api/tasks/clock-in', (i % 2 ? second : first).cookie, { taskId, jobId: job.id })),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c >= 500),
        `round ${round}: ${responses.find((r) => r.statusCode >= 500)?.body}`,
      ).toEqual([]);
      expect(
        codes.filter((c) => c === 200),
        `round ${round}`,
      ).toHaveLength(1);
      const refused = responses.filter((r) => r.statusCode === 409);
      expect(refused, `round ${round}: ${codes.join(',')}`).toHaveLength(PARALLEL - 1);
      for (const r of refused) expect(r.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: CLOCK_MESSAGES.finishCurrent });
      const running = await t.db
        .selectFrom('task_activities')
        .select('task_id')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', first.user.id)
        .where('end_time', 'is', null)
        .execute();
      expect(running, `round ${round}`).toHaveLength(1);
      const clocked = await t.db.selectFrom('tasks').select('id').where('assignee_key', '=', first.user.id).where('lifecycle', '=', 'CLOCKED_IN').execute();
      expect(clocked.map((c) => c.id)).toEqual([running[0]!.task_id]);
      const winner = responses.find((r) => r.statusCode === 200)!.json().data.id;
      expect(winner).toBe(running[0]!.task_id);
    }
  }, 120_000);
});
