/**
 * Subcontractor bids in a real browser on the demo company: an admin requests bids from two subcontractors
 * through the Assign/Schedule sheet, sub1@demo.test (Ace Plumbing Subs) answers from its Bid Requests page,
 * and the admin awards that bid on the task page — the task goes to Ace Plumbing Subs and the other request closes.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, signIn, useApp, useBrowser } from './harness.ts';
import { api, createJob, dayAhead } from './demo-api.ts';

type Created = { data: { id: string; taskNumber: number } };
type TaskBids = { data: { status: string; amount: number | null; subcontractor: { name: string } }[] };

describe('bids on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('requests bids from two subcontractors, lets sub1 answer, and awards the bid', async () => {
    const base = server.baseUrl;
    const job = await createJob(base, 'E2E bids job');
    const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
    const task = (await api<Created>(base, cookie, 'POST', '/api/tasks', { jobId: job.id, name: 'E2E bid visit' })).data;
    const taskUrl = `${base}/workorder/scheduler/view/${task.id}`;

    // The office asks Ace Plumbing Subs and Bright Spark Electric.
    const admin = await session.newPage();
    await signIn(admin, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await admin.goto(taskUrl);
    await admin.getByRole('toolbar', { name: 'Task actions' }).getByRole('button', { name: 'Assign & Schedule' }).click();
    const sheet = admin.getByRole('dialog', { name: 'Assign/Schedule Task' });
    await sheet.getByLabel('Start date').fill(dayAhead(200));
    await sheet.getByRole('radio', { name: 'Subcontractor', exact: true }).click();
    await sheet.getByRole('radio', { name: 'Request Bids from Subcontractors' }).click();
    await sheet.getByRole('checkbox', { name: /Ace Plumbing Subs/ }).click();
    await sheet.getByRole('checkbox', { name: /Bright Spark Electric/ }).click();
    await sheet.getByRole('button', { name: 'Request Bids' }).click();
    await admin.getByText('Bid requests sent').first().waitFor();
    const requested = sheet.getByRole('region', { name: 'Requested bids' });
    await requested.getByText('Bright Spark Electric').waitFor();
    expect(await requested.getByText('Requested', { exact: true }).count()).toBe(2);
    await sheet.getByRole('button', { name: 'Done' }).click();
    await sheet.waitFor({ state: 'detached' });

    // Ace Plumbing Subs answers with $1,250.00.
    const sub = await session.newPage();
    await signIn(sub, base, DEMO_USERS.sub1, DEMO_PASSWORD);
    await sub.getByRole('navigation').getByRole('link', { name: 'Bid Requests' }).click();
    const request = sub.getByRole('listitem', { name: `#${task.taskNumber} · E2E bid visit` });
    await request.getByRole('button', { name: 'Submit Bid' }).click();
    const dialog = sub.getByRole('dialog', { name: 'Submit Bid' });
    await dialog.getByLabel('Amount ($)').fill('1250');
    await dialog.getByLabel('Note').fill('Two plumbers, one day.');
    await dialog.getByRole('button', { name: 'Submit Bid' }).click();
    await sub.getByText('Bid submitted').first().waitFor();
    await request.getByText('Submitted', { exact: true }).waitFor();
    await request.getByText('$1,250.00').waitFor();

    // The office sees the answer and awards it.
    await admin.goto(taskUrl);
    const bids = admin.getByRole('list', { name: 'Bids' });
    const ace = bids.getByRole('listitem').filter({ hasText: 'Ace Plumbing Subs' });
    await ace.getByText('Submitted', { exact: true }).waitFor();
    await ace.getByText('$1,250.00').waitFor();
    await ace.getByRole('button', { name: 'Award bid of Ace Plumbing Subs' }).click();
    await admin.getByRole('dialog', { name: 'Award bid' }).getByRole('button', { name: 'Award' }).click();
    await admin.getByText('Bid awarded').first().waitFor();
    await ace.getByText('Awarded', { exact: true }).waitFor();
    await bids.getByRole('listitem').filter({ hasText: 'Bright Spark Electric' }).getByText('Closed', { exact: true }).waitFor();
    await admin
      .getByText(/Ace Plumbing Subs · Sub/)
      .first()
      .waitFor();

    const after = await api<{ data: { assignedTo: string; assignedSubcontractor: { name: string } | null } }>(base, cookie, 'GET', `/api/tasks/${task.id}`);
    expect(after.data.assignedTo).toBe('SUBCONTRACTOR');
    expect(after.data.assignedSubcontractor?.name).toBe('Ace Plumbing Subs');
    const final = await api<TaskBids>(base, cookie, 'GET', `/api/tasks/${task.id}/bids`);
    expect(final.data.map((b) => [b.subcontractor.name, b.status, b.amount]).sort()).toEqual([
      ['Ace Plumbing Subs', 'AWARDED', 1250],
      ['Bright Spark Electric', 'CLOSED', null],
    ]);
    expect(session.errors).toEqual([]);
  });
});
