import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_LIST_COUNT_BOUND } from '@fieldwork/domain/tasks/task-list-total.rules';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { seedTasks } from '@fieldwork/testing/demo-tasks';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

/**
 * A filtered task list counts its matches only up to the domain's bound (plus the page asked for) and says when
 * its total is a lower bound; a whole tab keeps its exact total. One job holds 50 tasks more than the bound, so
 * the filter "this job" crosses it.
 */
const EXTRA = 50;
let t: TestApp;
let admin: Session;
let jobId: string;
let numbers: number[];

type Meta = { total: number; totalPages: number; page: number; limit: number; totalIsLowerBound?: boolean };
type Page = { items: { id: string; taskNumber: number }[]; meta: Meta };

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  admin = company.admin;
  jobId = (await buildJob(t.db, company.tenantId, { customer: await buildCustomer(t.db, company.tenantId) })).id;
  const seeded = await seedTasks(t.db, { tenantId: company.tenantId } as Parameters<typeof seedTasks>[1], {
    tasks: TASK_LIST_COUNT_BOUND + EXTRA,
    rich: false,
    log: false,
  });
  expect(seeded.count).toBe(TASK_LIST_COUNT_BOUND + EXTRA);
  numbers = Array.from({ length: seeded.count }, (_, i) => seeded.firstNumber + i);
}, 120_000);
afterAll(async () => t.close());

const list = async (query: string): Promise<Page> => {
  const res = await t.call('GET', `/api/tasks?assignedStatus=ALL&${query}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/tasks totals past the count bound', () => {
  it('answers a filter with more matches than the bound with the bound as a lower bound', async () => {
    const page = await list(`jobId=${jobId}&page=1&limit=10`);
    expect(page.meta).toEqual({ total: TASK_LIST_COUNT_BOUND, totalPages: TASK_LIST_COUNT_BOUND / 10, page: 1, limit: 10, totalIsLowerBound: true });
    expect(page.items).toHaveLength(10);
  });

  it('still serves the last counted page, and says more may follow', async () => {
    const last = TASK_LIST_COUNT_BOUND / 10;
    const page = await list(`jobId=${jobId}&page=${last}&limit=10`);
    expect(page.meta).toMatchObject({ total: TASK_LIST_COUNT_BOUND, page: last, totalIsLowerBound: true });
    expect(page.items).toHaveLength(10);
  });

  it('counts a page past the bound far enough to know its own rows and whether another follows', async () => {
    // 10,050 matches: page 1,005 of 10 counts to 10,050 and reaches the end, so the total is exact again.
    const lastPage = (TASK_LIST_COUNT_BOUND + EXTRA) / 10;
    const page = await list(`jobId=${jobId}&page=${lastPage}&limit=10`);
    expect(page.meta).toEqual({ total: TASK_LIST_COUNT_BOUND + EXTRA, totalPages: lastPage, page: lastPage, limit: 10, totalIsLowerBound: false });
    expect(page.items).toHaveLength(10);
    const beyond = await list(`jobId=${jobId}&page=${lastPage + 1}&limit=10`);
    expect(beyond.items).toEqual([]);
    expect(beyond.meta).toMatchObject({ total: TASK_LIST_COUNT_BOUND + EXTRA, totalIsLowerBound: false });
  });

  it('pages past the bound return the rows in order, none twice', async () => {
    const a = await list(`jobId=${jobId}&page=1001&limit=10&orderByKey=taskNumber&orderByValue=asc`);
    const b = await list(`jobId=${jobId}&page=1002&limit=10&orderByKey=taskNumber&orderByValue=asc`);
    expect(a.meta).toMatchObject({ total: 10_010, totalIsLowerBound: true });
    const numbers = [...a.items, ...b.items].map((i) => i.taskNumber);
    expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    expect(new Set(numbers).size).toBe(20);
  });

  it('keeps the exact total of a whole tab and of a filter under the bound', async () => {
    expect((await list('page=1&limit=10')).meta).toMatchObject({ total: TASK_LIST_COUNT_BOUND + EXTRA, totalIsLowerBound: false });
    const narrow = await list('search=1000&searchBy=taskNumber&page=1&limit=100');
    const expected = numbers.filter((n) => String(n).startsWith('1000'));
    expect(narrow.items.map((i) => i.taskNumber).sort((a, b) => a - b)).toEqual(expected);
    expect(narrow.meta).toMatchObject({ total: expected.length, totalIsLowerBound: false });
    expect(expected.length).toBeGreaterThan(1);
  });
});
