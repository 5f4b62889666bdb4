/**
 * Costs in a real browser on the demo company, on a fresh job with an approved estimate that budgets
 * materials: a technician clocks in with a vehicle and an assistant (API), the office moves the start back and
 * clocks them out on the task page, "Add Costs" opens the actual-costs page prefilled with both people's labor
 * and the vehicle, a material line is added, Save, and the job's Costs tab shows the new total and the
 * variance against the estimate.
 */
import { describe, expect, it } from 'vitest';
import { formatCents } from '@fieldwork/domain/common/money.rules';
import { dataUrlOf, pngImage } from '@fieldwork/testing/image-samples';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api, clearOfTomsNext, createJob } from './demo-api.ts';
import { apiSignIn, screenshotPages, signIn, useApp, useBrowser, waitForPath } from './harness.ts';

type Created = { data: { id: string } };
type Named = { id: string; name: string };
type Suggestions = { labor: { user: Named; role: string; amount: number }[]; vehicle: { vehicle: Named; amount: number }[] };
type Figures = Record<'laborCost' | 'materialCost' | 'vehicleCost' | 'total', number>;
type Analysis = { totalCost: Figures; estimated: Figures; variance: Figures; count: { total: number } };

// A small real PNG signature: the approval schema reads its header's pixel size.
const PNG = dataUrlOf(pngImage(40, 16));
const BUDGET_CENTS = 50_000; // the estimate's estimated materials: $500.00
const FITTINGS_CENTS = 3_750; // 3 × $12.50
const money = (dollars: number) => formatCents(Math.round(dollars * 100));

describe('actual costs on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('adds the prefilled labor and vehicle lines of a clock-out and a material line, and the Costs tab shows the total against the estimate', async () => {
    const base = server.baseUrl;
    const job = await createJob(base, 'E2E costs job');
    const admin = (await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD)).cookie;

    // The customer approved an estimate whose cost calculator budgets $500 of materials.
    const estimate = (
      await api<Created>(base, admin, 'POST', '/api/estimates', {
        mode: 'Send',
        jobInfo: { type: 'Existing', jobId: job.id },
        estimateInfo: { dueDate: null },
        productServices: [{ name: 'Bathroom refit', description: null, qty: 1, rate: 2_000, isTaxable: false, taxPercent: 0 }],
      })
    ).data;
    await api(base, admin, 'POST', `/api/estimates/${estimate.id}/approval`, { decision: 'APPROVED', signerName: 'Pat Customer', signature: PNG });
    await api(base, admin, 'POST', '/api/cost', {
      costType: 'MATERIAL',
      costFor: 'ESTIMATE',
      estimateId: estimate.id,
      item: 'Budget materials',
      quantity: 1,
      unitCost: BUDGET_CENTS / 100,
    });

    // Tom's task today, started ten minutes ago and due in five (sooner late in the evening, clear of his next task).
    const team = await api<{ items: Named[] }>(base, admin, 'GET', '/api/tasks/team?page=1&limit=100');
    const worker = { name: 'Tom Technician', email: DEMO_USERS.tech1, id: team.items.find((m) => m.name === 'Tom Technician')!.id };
    const task = (await api<Created>(base, admin, 'POST', '/api/tasks', { jobId: job.id, name: 'E2E refit visit' })).data;
    const now = Date.now();
    const [startIn, endIn] = clearOfTomsNext(now, -10, 5);
    await api(base, admin, 'POST', '/api/tasks/schedule', {
      taskId: task.id,
      startDateTime: new Date(now + startIn!).toISOString(),
      expectedEndDateTime: new Date(now + endIn!).toISOString(),
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: worker.id,
    });
    const tech = (await apiSignIn(base, worker.email, DEMO_PASSWORD)).cookie;

    // The technician clocks in with a van and an assistant; the office then moves the start 90 minutes back so the
    // period is long enough to cost (hours are kept to the hundredth).
    const vehicle = (await api<{ data: Named[] }>(base, tech, 'GET', '/api/vehicles/active?page=1&limit=100')).data[0]!;
    const assistant = (
      await api<{ items: { userId: string; name: string }[] }>(base, tech, 'GET', `/api/tasks/assistants?assignedTechnicianId=${worker.id}&limit=100`)
    ).items[0]!;
    await api(base, tech, 'POST', '/api/tasks/clock-in', { taskId: task.id, jobId: job.id, vehicleId: vehicle.id, assistants: [assistant.userId] });
    const running = (await api<{ data: { id: string; endTime: string | null }[] }>(base, admin, 'GET', `/api/tasks/${task.id}/activities`)).data.find(
      (a) => !a.endTime,
    )!;
    await api(base, admin, 'PATCH', `/api/tasks/${task.id}/activities/${running.id}`, { startDateTime: new Date(now - 90 * 60_000).toISOString() });

    const page = await session.newPage();
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/workorder/scheduler/view/${task.id}`);
    await page.getByRole('toolbar', { name: 'Task actions' }).getByRole('button', { name: 'Clock out', exact: true }).click();
    const out = page.getByRole('dialog', { name: 'Clock out' });
    await out.getByLabel('Description').fill('Refitted the bathroom; van and helper on site.');
    await out.getByRole('button', { name: 'Clock out', exact: true }).click();
    const asked = page.getByRole('dialog', { name: 'Task has been clocked out successfully! Do you want to add costs?' });
    await asked.getByRole('button', { name: 'Add Costs' }).click();
    await waitForPath(page, '/workorder/task-details/actual-costs');

    // The lines the server suggests, as the page shows them.
    const suggested = (await api<{ data: Suggestions }>(base, admin, 'GET', `/api/cost/suggestions?taskId=${task.id}`)).data;
    expect(suggested.labor.map((l) => l.role).sort()).toEqual(['ASSIGNEE', 'ASSISTANT']);
    expect(suggested.vehicle.map((v) => v.vehicle.id)).toEqual([vehicle.id]);
    const labor = page.getByRole('region', { name: 'Labor' });
    await labor.getByRole('listitem', { name: `${worker.name} (Assignee)` }).waitFor();
    await labor.getByRole('listitem', { name: `${assistant.name} (Assistant)` }).waitFor();
    const van = page.getByRole('region', { name: 'Vehicle' }).getByRole('listitem', { name: vehicle.name });
    await van.waitFor();
    expect(await van.getByRole('checkbox', { name: 'Include' }).getAttribute('aria-checked')).toBe('true');

    const material = page.getByRole('region', { name: 'Material' });
    await material.getByRole('button', { name: 'Add line' }).click();
    const fittings = material.getByRole('listitem', { name: 'Material line 1' });
    await fittings.getByLabel('Item').fill('Copper fittings');
    await fittings.getByLabel('Quantity').fill('3');
    await fittings.getByLabel('Unit Cost').fill('12.50');
    await fittings.getByText(formatCents(FITTINGS_CENTS), { exact: true }).waitFor();
    const suggestedCents = [...suggested.labor, ...suggested.vehicle].reduce((sum, l) => sum + Math.round(l.amount * 100), 0);
    const totalCents = suggestedCents + FITTINGS_CENTS;
    const bar = page.getByRole('region', { name: 'Save costs' });
    await bar.getByText(formatCents(totalCents), { exact: true }).waitFor();

    await bar.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: '4 costs saved.' }).waitFor();
    expect(await labor.getByRole('listitem').count()).toBe(0);
    await page.getByRole('region', { name: 'Already added' }).getByText('Copper fittings', { exact: false }).waitFor();
    await screenshotPages([page], 'costs-actual-saved');

    // What the server stored: the same total, and the variance against the budget.
    const analysis = (await api<{ data: Analysis }>(base, admin, 'GET', `/api/cost/analysis/${job.id}`)).data;
    expect(analysis.count.total).toBe(4);
    expect(Math.round(analysis.totalCost.total * 100)).toBe(totalCents);
    expect(Math.round(analysis.estimated.materialCost * 100)).toBe(BUDGET_CENTS);
    expect(Math.round(analysis.variance.materialCost * 100)).toBe(BUDGET_CENTS - FITTINGS_CENTS);
    expect(Math.round(analysis.variance.total * 100)).toBe(BUDGET_CENTS - totalCents);

    // The job's Costs tab shows them.
    await page.getByRole('link', { name: 'View job costs' }).click();
    await waitForPath(page, `/workorder/jobs/${job.id}`);
    expect(new URL(page.url()).searchParams.get('tf_tab')).toBe('costs');
    const table = page.getByRole('table', { name: 'Costs by category' });
    const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: label, exact: true }) });
    await row('Total').getByText(formatCents(totalCents), { exact: true }).waitFor();
    await row('Total').getByText(money(analysis.variance.total), { exact: false }).waitFor();
    await row('Material').getByText(formatCents(BUDGET_CENTS), { exact: true }).waitFor();
    await row('Material')
      .getByText(formatCents(BUDGET_CENTS - FITTINGS_CENTS), { exact: true })
      .waitFor();
    await screenshotPages([page], 'costs-job-tab');
  });
});
