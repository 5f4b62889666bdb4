/**
 * Notes and photos from the field, in a real browser on the demo company: a technician on a phone opens a task of
 * theirs, adds a note and a photo (the camera input, given a PNG), sees both on the task; the office then reads
 * the note in the job's notes side sheet.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, signIn, useApp, useBrowser, waitForPath } from './harness.ts';
import { api } from './demo-api.ts';

type TaskRow = { id: string; job: { id: string; status: string }; actions: { addNote: { allowed: boolean }; addPhoto: { allowed: boolean } } };

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('notes and photos on a task', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('lets a technician on a phone add a note and a photo to their task, and the office read the note on the job', async () => {
    const base = server.baseUrl;
    const { cookie } = await apiSignIn(base, DEMO_USERS.tech1, DEMO_PASSWORD);
    const mine = await api<{ items: TaskRow[] }>(base, cookie, 'GET', '/api/tasks?assignedStatus=ASSIGNED_TO_ME&page=1&limit=100');
    const task = mine.items.find((t) => t.actions.addNote.allowed && t.actions.addPhoto.allowed);
    expect(task, 'a task of tech1 that takes notes and photos').toBeTruthy();

    const page = await session.newPage(PHONE);
    await signIn(page, base, DEMO_USERS.tech1, DEMO_PASSWORD);
    await waitForPath(page, '/workorder/my-day');
    await page.goto(`${base}/workorder/scheduler/view/${task!.id}`);
    const section = page.getByRole('region', { name: 'Notes & photos' });
    await section.waitFor();

    const text = `Replaced the valve, tested at 2 bar (${Date.now()})`;
    await section.getByPlaceholder('Write Something...').fill(text);
    await section.getByRole('button', { name: 'Add Note' }).click();
    await page.getByText('Note added').first().waitFor();
    await section.getByRole('list', { name: 'Notes' }).getByText(text).waitFor();

    // A small real PNG: a crop of the page itself.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 30 } });
    const before = await section
      .getByRole('list', { name: 'Photos' })
      .getByRole('img')
      .count()
      .catch(() => 0);
    await section.getByLabel('Add photo').setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Photo added').first().waitFor();
    const photo = section.getByRole('img', { name: 'meter.png' }).first();
    await photo.waitFor();
    // The thumbnail loaded from the task's own link (a technician has no job access).
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    expect(await section.getByRole('list', { name: 'Photos' }).getByRole('img').count()).toBe(before + 1);

    const office = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(office, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await office.goto(`${base}/workorder/jobs/${task!.job.id}`);
    await office.getByRole('button', { name: /Notes/ }).first().click();
    await office.getByRole('dialog', { name: 'Notes' }).getByText(text).waitFor();
  });
});
