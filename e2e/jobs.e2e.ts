/**
 * Job flows in a real browser on the demo company: create (after fixing validation errors), edit, notes,
 * a file upload, the activity log, the column configuration kept across reloads, and the technician refusal.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { signIn, useApp, useBrowser, waitForPath } from './harness.ts';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  Buffer.from('1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex'),
]);

async function openJobsList(page: Page, baseUrl: string) {
  await page.goto(baseUrl + '/workorder/jobs');
  await page.getByRole('heading', { name: 'Jobs' }).first().waitFor();
}

describe('jobs on the demo company', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();
  let jobUrl = '';

  it('creates a job after fixing the validation errors', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, 'admin@demo.test', DEMO_PASSWORD);
    await openJobsList(page, server.baseUrl);
    await page.getByRole('link', { name: 'Create New' }).click();
    await waitForPath(page, '/workorder/jobs/create');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required').first().waitFor();
    expect(page.url()).toContain('/workorder/jobs/create');

    await page.getByLabel('Job Name').fill('x'.repeat(51));
    await page.getByText('Max length 50 symbols').waitFor();
    await page.getByLabel('Job Name').fill('E2E boiler replacement');

    await page.getByLabel('Customer').fill('Garcia');
    await page.getByRole('option', { name: /Garcia Bakery/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/workorder\/jobs\/[0-9a-f-]{36}\?.*new/, { timeout: 15_000 });
    await page.getByText('Job created').first().waitFor();
    await page.getByText('E2E boiler replacement').first().waitFor();
    jobUrl = page.url().split('?')[0]!;
  });

  it('edits the job and shows the change in the activity log', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, 'admin@demo.test', DEMO_PASSWORD);
    await page.goto(jobUrl);
    await page
      .getByRole('link', { name: 'Edit' })
      .or(page.getByRole('button', { name: 'Edit' }))
      .first()
      .click();
    await page.waitForURL(/\/edit$/);
    const name = page.getByLabel('Job Name');
    await name.waitFor();
    await expect.poll(() => name.inputValue()).toBe('E2E boiler replacement');
    await name.fill('E2E boiler and valve replacement');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === new URL(jobUrl).pathname, { timeout: 15_000 });
    await page.getByText('E2E boiler and valve replacement').first().waitFor();

    await page.getByRole('button', { name: 'Activity log' }).click();
    const sheet = page.getByRole('dialog', { name: 'Activity log' });
    await sheet.getByText('E2E boiler and valve replacement').first().waitFor();
    expect(await sheet.innerText()).toContain('E2E boiler replacement');
  });

  it('adds a note and uploads a file', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, 'admin@demo.test', DEMO_PASSWORD);
    await page.goto(jobUrl);
    await page.getByRole('button', { name: 'Notes' }).click();
    const notes = page.getByRole('dialog', { name: 'Notes' });
    const add = notes.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await notes.getByLabel('New note').fill('Bring the 40-gallon tank and two shut-off valves.');
    await add.click();
    await notes.getByText('Bring the 40-gallon tank and two shut-off valves.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByLabel('Choose files to upload').first().setInputFiles({ name: 'boiler-photo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('boiler-photo.png').first().waitFor({ timeout: 15_000 });

    await page.reload();
    await page.getByText('boiler-photo.png').first().waitFor();
    await page.getByRole('button', { name: 'Activity log' }).click();
    const log = page.getByRole('dialog', { name: 'Activity log' });
    await log.getByText(/note/i).first().waitFor();
    expect(await log.innerText()).toContain('boiler-photo.png');
  });

  it('keeps the job list column configuration across reloads', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, 'admin@demo.test', DEMO_PASSWORD);
    await openJobsList(page, server.baseUrl);
    await page.getByRole('columnheader', { name: /Customer Name/ }).waitFor();
    await page.getByRole('button', { name: 'Customise' }).click();
    const drawer = page.getByRole('dialog', { name: 'Customise' });
    const apply = drawer.getByRole('button', { name: 'Apply Changes' });
    expect(await apply.isDisabled()).toBe(true);
    expect(await drawer.getByRole('checkbox', { name: 'Job Status' }).isDisabled()).toBe(true);
    await drawer.getByRole('checkbox', { name: 'Customer Name' }).click();
    await apply.click();
    await page.getByText('Configuration updated').first().waitFor();
    await page.reload();
    await page.getByRole('columnheader', { name: /Job Number/ }).waitFor();
    expect(await page.getByRole('columnheader', { name: /Customer Name/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: /Job Status/ }).count()).toBe(1);
  });

  it('refuses the job list to a technician', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, 'tech1@demo.test', DEMO_PASSWORD);
    await page.goto(server.baseUrl + '/workorder/jobs');
    await page.getByText('Page unavailable').waitFor();
    await page.getByText("Technicians have no access to the Job's listing page").waitFor();
    await page.getByRole('button', { name: 'Go back' }).waitFor();
  });
});
