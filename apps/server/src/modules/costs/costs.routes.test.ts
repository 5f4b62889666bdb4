import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { COST_MESSAGES } from '@fieldwork/domain/jobs/costs.rules';
import { buildJob, buildSubcontractor } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { approvedEstimate, estimateBody, invoiceBody, line } from '../billing/billing.fixture.ts';
import { person, vehicleRow, vin } from '../clock/clock.fixture.ts';
import { addCost, clockedOutTask, jobCosts, other, setCostRate } from './costs.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

const post = (body: object, s: Session = admin) => t.call('POST', '/api/cost', s.cookie, body);

describe('cost records per type', () => {
  it('computes each amount on the server, ignores a client total, and moves the job totals with each change', async () => {
    const job = await buildJob(t.db, tenantId);
    const worker = await person(t, tenantId, 'Technician', 'Walt Worker');
    await setCostRate(t, worker.user.id, 3250);
    const van = await vehicleRow(t, tenantId, { vin: vin(1), name: 'Van 1' });
    const sub = await buildSubcontractor(t.db, tenantId, { name: 'Sparky Electric' });
    const bodies = [
      [
        { costType: 'LABOR', jobId: job.id, userId: worker.user.id, hours: 2, total: 1 },
        65,
        { user: { id: worker.user.id, name: 'Walt Worker' }, hours: 2, hourlyRate: 32.5 },
      ],
      [{ costType: 'LABOR', jobId: job.id, userId: worker.user.id, hours: 1.5, hourlyRate: 40 }, 60, { hourlyRate: 40 }],
      [
        { costType: 'MATERIAL', jobId: job.id, item: 'Copper pipe', quantity: 3, unitCost: 12.5, supplier: 'Ferguson' },
        37.5,
        { item: 'Copper pipe', supplier: 'Ferguson', quantity: 3, unitCost: 12.5 },
      ],
      [
        { costType: 'VEHICLE', jobId: job.id, vehicleId: van.id, hours: 1.5, miles: 12.5 },
        45.63,
        { vehicle: { id: van.id, name: 'Van 1' }, hourlyRate: 25, mileRate: 0.65, miles: 12.5 },
      ],
      [{ costType: 'EQUIPMENT', jobId: job.id, item: 'Excavator', unit: 'DAY', quantity: 2, rate: 450 }, 900, { unit: 'DAY', rate: 450 }],
      [{ costType: 'SUBCONTRACTOR', jobId: job.id, subcontractorId: sub.id, amount: 1200 }, 1200, { subcontractor: { id: sub.id, name: 'Sparky Electric' } }],
      [other(job.id, { date: '2026-03-01', notes: 'City permit' }), 75.25, { description: 'Permit fee', date: '2026-03-01', notes: 'City permit' }],
    ] as const;
    let total = 0;
    for (const [body, amount, fields] of bodies) {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        costType: body.costType,
        costFor: 'JOB',
        jobId: job.id,
        amount,
        version: 1,
        createdBy: { userId: admin.user.id },
        ...fields,
      });
      total += Math.round(amount * 100);
    }
    expect(await jobCosts(t, job.id)).toMatchObject({ total_cost_cents: total, cost_count: 7 });
    const jobDto = (await t.call('GET', `/api/jobs/${job.id}`, admin.cookie)).json().data;
    expect(jobDto.totalCost).toBe(total / 100);
  });

  it('edits at the version loaded (409 STALE_VERSION when stale) and deletes by id and type', async () => {
    const job = await buildJob(t.db, tenantId);
    const cost = await addCost(t, admin, other(job.id));
    const put = await t.call('PUT', `/api/cost/${cost.id}`, admin.cookie, { ...other(job.id, { amount: 100 }), version: 1 });
    expect(put.json().data).toMatchObject({ amount: 100, version: 2 });
    expect(await jobCosts(t, job.id)).toMatchObject({ total_cost_cents: 10000, cost_count: 1 });
    const stale = await t.call('PUT', `/api/cost/${cost.id}`, admin.cookie, { ...other(job.id, { amount: 5 }), version: 1 });
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'STALE_VERSION' });
    expect((await t.call('GET', `/api/cost/get?id=${cost.id}`, admin.cookie)).json().data).toMatchObject({ amount: 100, version: 2 });
    expect((await t.call('DELETE', `/api/cost/${cost.id}?costType=LABOR`, admin.cookie)).json()).toMatchObject({
      statusCode: 404,
      message: COST_MESSAGES.notFound,
    });
    expect((await t.call('DELETE', `/api/cost/${cost.id}?costType=OTHER`, admin.cookie)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/cost/get?id=${cost.id}`, admin.cookie)).statusCode).toBe(404);
    expect(await jobCosts(t, job.id)).toMatchObject({ total_cost_cents: 0, cost_count: 0 });
    const log = await t.db.selectFrom('activity_log').select('action').where('entity_id', '=', cost.id).orderBy('created_at').execute();
    expect(log.map((l) => l.action).sort()).toEqual(['COST_ADDED', 'COST_DELETED', 'COST_UPDATED']);
  });

  it('answers 400 VALIDATION_FAILED with the field messages', async () => {
    const job = await buildJob(t.db, tenantId);
    const res = await post({ costType: 'MATERIAL', jobId: job.id, item: '', quantity: 0, unitCost: 1.005 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.json().message).toEqual(expect.arrayContaining(['Item is mandatory.', 'Unit Cost can have at most 2 decimal places.']));
    expect((await post({ costType: 'OTHER', description: 'x', amount: 1 })).json().message).toEqual([COST_MESSAGES.jobRequired]);
    expect((await post({ costType: 'OTHER', costFor: 'ESTIMATE', jobId: job.id, description: 'x', amount: 1 })).json().message).toEqual([
      COST_MESSAGES.estimateRequired,
    ]);
    expect((await post({ costType: 'VEHICLE', jobId: job.id, vehicleId: randomUUID() })).json().message).toEqual([COST_MESSAGES.hoursOrMiles]);
    expect((await t.call('GET', '/api/cost/list?limit=101', admin.cookie)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/cost/list')).statusCode).toBe(401);
  });

  it("refuses links that do not fit together: another job's estimate, invoice or task", async () => {
    const job = await buildJob(t.db, tenantId);
    const otherJob = await buildJob(t.db, tenantId);
    const est = await approvedEstimate(t, admin, otherJob.id);
    expect((await post(other(job.id, { estimateId: est }))).json().message).toEqual([COST_MESSAGES.estimateOtherJob]);
    const inv = (await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ jobId: otherJob.id }))).json().data.id;
    expect((await post(other(job.id, { invoiceId: inv }))).json().message).toEqual([COST_MESSAGES.invoiceOtherJob]);
    expect((await post(other(otherJob.id, { invoiceId: inv, estimateId: est }))).statusCode).toBe(201);
  });
});

describe('estimated costs, the analysis and the query rules', () => {
  it("feeds an estimate's margin, compares estimated with actual per category and takes revenue from invoices or approved estimates", async () => {
    const job = await buildJob(t.db, tenantId);
    const est = await approvedEstimate(t, admin, job.id); // subtotal 2×150 + 1.5×80 = $420
    const estimated = [
      { costType: 'MATERIAL', costFor: 'ESTIMATE', estimateId: est, item: 'Pump', quantity: 2, unitCost: 90 },
      { costType: 'OTHER', costFor: 'ESTIMATE', estimateId: est, description: 'Labour budget', amount: 60 },
    ];
    for (const body of estimated) expect((await post(body)).statusCode).toBe(201);
    const estimate = (await t.call('GET', `/api/estimates/${est}`, admin.cookie)).json().data;
    expect(estimate).toMatchObject({ totalRevenue: 420, totalMargin: 180, marginPercentage: 42.86 });
    expect(await jobCosts(t, job.id)).toMatchObject({ total_cost_cents: 0, cost_count: 0 });
    // A sent (not yet approved) estimate's costs are no budget.
    const sent = (await t.call('POST', '/api/estimates', admin.cookie, estimateBody({ jobId: job.id, mode: 'Send' }))).json().data.id;
    await addCost(t, admin, { costType: 'OTHER', costFor: 'ESTIMATE', estimateId: sent, description: 'Ignored', amount: 999 });
    await addCost(t, admin, { costType: 'MATERIAL', jobId: job.id, item: 'Pump', quantity: 2, unitCost: 110 });
    const before = (await t.call('GET', `/api/cost/analysis/${job.id}`, admin.cookie)).json().data;
    expect(before).toMatchObject({
      jobId: job.id,
      count: { materialCost: 1, total: 1 },
      totalCost: { materialCost: 220, total: 220 },
      estimated: { materialCost: 180, otherCost: 60, total: 240 },
      variance: { materialCost: -40, otherCost: 60, total: 20 },
      revenue: 420,
      revenueSource: 'ESTIMATES',
      margin: 200,
      marginPercentage: 47.62,
    });
    await t.call('POST', '/api/invoices', admin.cookie, invoiceBody({ jobId: job.id, lines: [line('Install', 1, 300)] }));
    const after = (await t.call('GET', `/api/cost/analysis/${job.id}`, admin.cookie)).json().data;
    expect(after).toMatchObject({ revenue: 300, revenueSource: 'INVOICES', margin: 80, marginPercentage: 26.67 });
    expect((await t.call('GET', `/api/cost/analysis/${randomUUID()}`, admin.cookie)).statusCode).toBe(404);
  });

  it('lists by estimate when both jobId and estimateId are sent, drops empty values, filters by type and date', async () => {
    const job = await buildJob(t.db, tenantId);
    const est = await approvedEstimate(t, admin, job.id);
    await addCost(t, admin, { costType: 'OTHER', costFor: 'ESTIMATE', estimateId: est, description: 'Estimated', amount: 10 });
    await addCost(t, admin, other(job.id, { date: '2026-02-01' }));
    await addCost(t, admin, { costType: 'MATERIAL', jobId: job.id, item: 'Tape', quantity: 1, unitCost: 3, date: '2026-02-10' });
    const list = (q: string) => t.call('GET', `/api/cost/list?${q}`, admin.cookie).then((r) => r.json());
    expect((await list(`jobId=${job.id}&estimateId=${est}`)).data.map((c: { description: string }) => c.description)).toEqual(['Estimated']);
    // The estimated cost carries its estimate's job too: all three.
    expect((await list(`jobId=${job.id}&estimateId=&costType=&taskId=&from=`)).pagination.totalItems).toBe(3);
    expect((await list(`jobId=${job.id}&costFor=JOB&costType=MATERIAL`)).data.map((c: { item: string }) => c.item)).toEqual(['Tape']);
    expect((await list(`jobId=${job.id}&from=2026-02-05&to=2026-02-28`)).data).toHaveLength(1);
    expect((await list(`jobId=${job.id}&costFor=JOB&limit=1&page=2`)).pagination).toEqual({ totalItems: 2, totalPages: 2, currentPage: 2, itemsPerPage: 1 });
  });

  it("exports a job's costs with totals as JSON or as a CSV file", async () => {
    const { job, task: clocked } = await clockedOutTask(t, tenantId);
    await addCost(t, admin, other(job.id, { description: '=HYPERLINK("x")', notes: 'a, "quoted" note', date: '2026-01-02' }));
    const task = await t.db.selectFrom('tasks').select(['id', 'task_number as taskNumber', 'name']).where('id', '=', clocked.id).executeTakeFirstOrThrow();
    await addCost(t, admin, { costType: 'MATERIAL', jobId: job.id, taskId: task.id, item: 'Tape', quantity: 2, unitCost: 3, date: '2026-01-03' });
    const json = (await t.call('GET', `/api/cost?jobId=${job.id}&costFor=JOB`, admin.cookie)).json().data;
    expect(json).toMatchObject({ count: { total: 2, otherCost: 1, materialCost: 1 }, totalCost: { total: 81.25 } });
    expect(json.items).toHaveLength(2);
    const csv = await t.call('GET', `/api/cost?jobId=${job.id}&format=csv`, admin.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`costs-${job.id}.csv`);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Date,Type,Actual / Estimated,Item / Person,Supplier,Hours,Miles,Quantity,Unit,Rate,Amount,Notes,Task #,Task,Estimate #,Invoice #,Created By',
    );
    expect(rows[1]).toContain(`2026-01-02,Other,Actual,"'=HYPERLINK(""x"")"`);
    expect(rows[1]).toContain('"a, ""quoted"" note"');
    // The task by its number and name, never its id.
    expect(rows[2]).toContain(`2026-01-03,Material,Actual,Tape,,,,2,,3.00,6.00,,#${task.taskNumber},${task.name},,,`);
    expect(csv.body).not.toContain(task.id);
    // The totals answer the same question as the rows: the date range narrows both.
    const ranged = (await t.call('GET', `/api/cost?jobId=${job.id}&costFor=JOB&from=2026-01-03&to=2026-01-03`, admin.cookie)).json().data;
    expect(ranged).toMatchObject({ count: { total: 1, materialCost: 1 }, totalCost: { total: 6 } });
    expect((await t.call('GET', '/api/cost?format=csv', admin.cookie)).json().message).toEqual([COST_MESSAGES.jobFilterRequired]);
  });
});

describe('OpenAPI', () => {
  it('lists every cost route with its query parameters', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/cost', '/api/cost/get', '/api/cost/list', '/api/cost/analysis/{id}', '/api/cost/suggestions', '/api/cost/{id}']),
    );
    const params = (doc.paths['/api/cost/list'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'limit', 'costType', 'jobId', 'taskId', 'estimateId', 'from', 'to']));
  });
});

describe("a person's hourly cost rate (Settings → team member)", () => {
  it('is set by an admin on the team member, shown to the office, and prefilled on labor costs', async () => {
    const job = await buildJob(t.db, tenantId);
    const worker = await person(t, tenantId, 'Technician', 'Rae Rate');
    const current = (await t.call('GET', `/api/user/${worker.user.id}`, admin.cookie)).json().data;
    expect(current.costRate).toBe(0);
    const put = await t.call('PUT', `/api/user/${worker.user.id}`, admin.cookie, {
      name: current.name,
      tags: [],
      zones: [],
      costRate: 41.5,
      version: current.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.costRate).toBe(41.5);
    expect(
      (
        await t.call('PUT', `/api/user/${worker.user.id}`, admin.cookie, {
          name: current.name,
          tags: [],
          zones: [],
          costRate: 1.005,
          version: put.json().data.version,
        })
      ).json().message,
    ).toContain('Hourly Cost Rate can have at most 2 decimal places.');
    // Omitted: unchanged.
    const again = await t.call('PUT', `/api/user/${worker.user.id}`, admin.cookie, { name: 'Rae R.', tags: [], zones: [], version: put.json().data.version });
    expect(again.json().data).toMatchObject({ name: 'Rae R.', costRate: 41.5 });
    expect((await addCost(t, admin, { costType: 'LABOR', jobId: job.id, userId: worker.user.id, hours: 2 })).amount).toBe(83);
  });
});
