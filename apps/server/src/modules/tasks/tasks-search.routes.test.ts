import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildJob, buildTask, type BuiltJob, type BuiltTask } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/**
 * searchBy=any — the scheduler sheets' one search box: task name (contains), or a number that may be a task
 * number or a job number ("1042", "#1042", "T-1042", "J-77"). Expectations come from a small oracle over the
 * built rows, so they hold whatever numbers the per-tenant counters hand out.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
let other: Session;
const jobs: BuiltJob[] = [];
const rows: { task: BuiltTask; name: string; jobNumber: number }[] = [];

type Page = { items: { id: string; taskNumber: number; name: string }[]; meta: { total: number } };

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  for (let i = 0; i < 3; i++) jobs.push(await buildJob(t.db, tenantId, { customer: await buildCustomer(t.db, tenantId) }));
  const names = ['Boiler service', 'Pump swap', 'boiler flush', 'Roof 12 check', 'Gutter'];
  for (const [i, name] of names.entries()) {
    const job = jobs[i % jobs.length]!;
    rows.push({ task: await buildTask(t.db, tenantId, { jobId: job.id, name }), name, jobNumber: job.jobNumber });
  }
  // Another company with the same numbers and names: none of its rows may ever show up.
  const second = await t.newCompany();
  other = second.admin;
  const foreignJob = await buildJob(t.db, second.tenantId, { customer: await buildCustomer(t.db, second.tenantId) });
  for (const name of names) await buildTask(t.db, second.tenantId, { jobId: foreignJob.id, name });
});
afterAll(async () => t.close());

const search = async (s: Session, term: string, tab = 'ALL'): Promise<Page> => {
  const res = await t.call('GET', `/api/tasks?assignedStatus=${tab}&limit=100&searchBy=any&search=${encodeURIComponent(term)}`, s.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (page: Page) => page.items.map((i) => i.id).sort();

/** What the rule says: name contains; task digits (#, T-) prefix the task number; job digits (#, J-) prefix the job number. */
function expected(term: string): string[] {
  const taskDigits = /^(#|t-?)?(\d+)$/i.exec(term.trim())?.[2];
  const jobDigits = /^(#|j-?)?(\d+)$/i.exec(term.trim())?.[2];
  return rows
    .filter(
      ({ task, name, jobNumber }) =>
        name.toLowerCase().includes(term.trim().toLowerCase()) ||
        (taskDigits !== undefined && String(task.taskNumber).startsWith(taskDigits)) ||
        (jobDigits !== undefined && String(jobNumber).startsWith(jobDigits)),
    )
    .map((r) => r.task.id)
    .sort();
}

describe('GET /api/tasks?searchBy=any', () => {
  it('matches task names case-insensitively', async () => {
    expect(ids(await search(admin, 'BOILER'))).toEqual([rows[0]!.task.id, rows[2]!.task.id].sort());
    expect(ids(await search(admin, 'pump'))).toEqual([rows[1]!.task.id]);
    expect((await search(admin, 'nothing like this')).meta.total).toBe(0);
  });

  it('matches a bare number against task numbers and job numbers', async () => {
    for (const r of rows) {
      const term = String(r.task.taskNumber);
      const found = ids(await search(admin, term));
      expect(found, term).toContain(r.task.id);
      expect(found, term).toEqual(expected(term));
    }
    for (const job of jobs) {
      const term = String(job.jobNumber);
      const found = ids(await search(admin, term));
      expect(found, term).toEqual(expected(term));
      for (const r of rows.filter((x) => x.jobNumber === job.jobNumber)) expect(found, term).toContain(r.task.id);
    }
  });

  it('reads #n as either number, T-n as a task number only and J-n as a job number only', async () => {
    const task = rows[3]!;
    expect(ids(await search(admin, `#${task.task.taskNumber}`))).toEqual(expected(`#${task.task.taskNumber}`));
    const byTask = ids(await search(admin, `T-${task.task.taskNumber}`));
    expect(byTask).toContain(task.task.id);
    expect(byTask).toEqual(expected(`T-${task.task.taskNumber}`));
    const job = jobs[1]!;
    const byJob = ids(await search(admin, `J-${job.jobNumber}`));
    expect(byJob).toEqual(expected(`J-${job.jobNumber}`));
    expect(byJob).toEqual(
      rows
        .filter((r) => String(r.jobNumber).startsWith(String(job.jobNumber)))
        .map((r) => r.task.id)
        .sort(),
    );
    // A name holding digits still matches by name.
    expect(ids(await search(admin, 'Roof 12'))).toEqual([task.task.id]);
  });

  it('stays inside the tab and the tenant', async () => {
    // Every row here is unscheduled, so the unassigned tab has none of them whatever the search.
    expect((await search(admin, 'boiler', 'UNSCHEDULED')).meta.total).toBe(2);
    expect((await search(admin, 'boiler', 'UNASSIGNED')).meta.total).toBe(0);
    expect((await search(other, 'boiler')).items.every((i) => !rows.some((r) => r.task.id === i.id))).toBe(true);
    expect((await search(other, 'boiler')).meta.total).toBe(2);
  });
});
