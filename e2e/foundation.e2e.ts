/**
 * Foundation flows in a real browser against the real server process:
 *   first-run setup -> dashboard, sign out / sign in / wrong password,
 *   invitation of a no-access Staff user accepted in a fresh browser, and what that user may see;
 *   the demo-data logins (DEMO=1).
 * The tests of one describe block share one server (one database) and run in order.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { apiSignIn, pathOf, sidebarLinks, signIn, useApp, useBrowser, waitForPath } from './harness.ts';

const NO_ACCESS_TEXT = "You don't have permission to view this. Please contact your admin.";
const ADMIN_SIDEBAR = ['Dashboard', 'Jobs', 'Plans', 'Tasks', 'Scheduler', 'Estimates', 'Invoices', 'Customers', 'Leads', 'Calls', 'Vehicles', 'Settings'];

const admin = {
  company: 'Northwind Plumbing & Heating',
  timeZone: 'America/Chicago',
  name: 'Ada Admin',
  email: 'ada@northwind.test',
  password: 'correct-horse-battery-42',
};
const invitee = {
  email: 'nora.noaccess@northwind.test',
  name: 'Nora Noaccess',
  password: 'nora-secret-pass-7',
};

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  return page.getByRole('menu');
}

async function expectNoAccessPanel(page: Page) {
  const panel = page.getByRole('alert').filter({ hasText: NO_ACCESS_TEXT });
  await panel.waitFor();
  expect(await panel.innerText()).toContain(NO_ACCESS_TEXT);
  return panel;
}

describe('first run on an empty database', () => {
  const server = useApp();
  const session = useBrowser();
  let invitationLink = '';

  it('redirects / to /setup, creates the company and its admin, and lands on the dashboard', async () => {
    const page = await session.newPage({ timezoneId: admin.timeZone });
    await page.goto(server.baseUrl + '/');
    await waitForPath(page, '/setup');

    await page.getByLabel('Company name').fill(admin.company);
    // The zone is prefilled from the browser.
    expect(await page.getByLabel('Time zone').inputValue()).toBe(admin.timeZone);
    await page.getByLabel('Your name').fill(admin.name);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Create company' }).click();

    await waitForPath(page, '/dashboard');
    expect(await sidebarLinks(page)).toEqual(ADMIN_SIDEBAR);
    const menu = await openUserMenu(page);
    expect(await menu.innerText()).toContain(admin.email);

    // Setup happens once: the page is gone for everyone afterwards.
    const status = await fetch(`${server.baseUrl}/api/auth/setup-status`);
    expect(await status.json()).toMatchObject({ data: { needsSetup: false } });
    const fresh = await session.newPage();
    await fresh.goto(server.baseUrl + '/setup');
    await waitForPath(fresh, (p) => p !== '/setup');
    expect(session.errors).toEqual([]);
  });

  it('signs out through the user menu, refuses a wrong password and signs back in', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, admin.email, admin.password);
    await waitForPath(page, '/dashboard');

    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await waitForPath(page, '/login');

    // The session is really over: a signed-in page sends us back to the login.
    await page.goto(server.baseUrl + '/dashboard');
    await waitForPath(page, '/login');

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    expect(pathOf(page)).toBe('/login');

    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, (p) => p !== '/login');
    expect(await sidebarLinks(page)).toEqual(ADMIN_SIDEBAR);
  });

  it('invites a Staff user with no access; the link, opened in a fresh browser, signs that user in', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, admin.email, admin.password);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await waitForPath(page, '/settings/users');
    await page.getByRole('button', { name: 'Invite user' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Role').selectOption({ label: 'Staff' });
    await dialog.getByLabel(/access/i).selectOption('noAccess');
    await dialog.getByRole('button', { name: /invite|send/i }).click();

    await dialog.getByRole('button', { name: 'Copy link' }).waitFor();
    const dialogText = await dialog.innerText();
    const inputs = await dialog.locator('input').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    const match = [dialogText, ...inputs].join('\n').match(/https?:\/\/\S+\/invitation\/accept\?token=[\w-]+/);
    expect(match, `no invitation link in the dialog:\n${dialogText}`).not.toBeNull();
    invitationLink = match![0];
    expect(invitationLink.startsWith(server.baseUrl)).toBe(true);

    // Fresh context: no cookies of the admin.
    const guest = await session.newPage();
    await guest.goto(invitationLink);
    await guest.getByText(invitee.email).waitFor();
    await guest.getByLabel('Your name').fill(invitee.name);
    await guest.getByLabel('Password').fill(invitee.password);
    await guest.getByRole('button', { name: 'Accept invitation' }).click();
    await waitForPath(guest, '/dashboard');

    const menu = await openUserMenu(guest);
    const menuText = await menu.innerText();
    expect(menuText).toContain(invitee.name);
    expect(menuText).toContain(invitee.email);

    // The new account signs in with its own password, and the link is spent.
    expect((await apiSignIn(server.baseUrl, invitee.email, invitee.password)).status).toBe(200);
    const again = await session.newPage();
    await again.goto(invitationLink);
    await again.getByRole('link', { name: 'Go to sign in' }).waitFor();
    expect(await again.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
  });

  it('links the no-access user only to the dashboard, and tells them they lack permission on /workorder/jobs, with a way back', async () => {
    const page = await session.newPage();
    await signIn(page, server.baseUrl, invitee.email, invitee.password);
    await waitForPath(page, '/dashboard');

    // The sidebar links only to what they can open: no Jobs link leading to a no-permission page.
    expect(await sidebarLinks(page)).toEqual(['Dashboard']);

    // A direct visit (no history inside the app) shows the panel and goes back to the dashboard.
    await page.goto(server.baseUrl + '/workorder/jobs');
    await (await expectNoAccessPanel(page)).getByRole('button', { name: /back/i }).click();
    await waitForPath(page, '/dashboard');

    // Office data is refused by the server too (with this browser's session); hiding it is not the only guard.
    const customers = await page.request.get(`${server.baseUrl}/api/customers`);
    expect(customers.status()).toBe(403);
    const profile = await page.request.get(`${server.baseUrl}/api/user/profile`);
    expect(profile.status()).toBe(200);
  });
});

describe('demo data (DEMO=1)', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('lets every demo login sign in with the demo password', async () => {
    for (const email of Object.values(DEMO_USERS)) {
      const res = await apiSignIn(server.baseUrl, email, DEMO_PASSWORD);
      expect(res.status, `${email}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const wrong = await apiSignIn(server.baseUrl, DEMO_USERS.admin, 'wrong-password-123');
    expect(wrong.status).toBe(401);
  });

  it('shows the jobs list to the demo admin and the no-permission panel to the no-access user', async () => {
    const adminPage = await session.newPage();
    await signIn(adminPage, server.baseUrl, DEMO_USERS.admin, DEMO_PASSWORD);
    expect(await sidebarLinks(adminPage)).toEqual(ADMIN_SIDEBAR);
    await adminPage.goto(server.baseUrl + '/workorder/jobs');
    await adminPage.getByRole('heading', { name: 'Jobs' }).first().waitFor();
    expect(await adminPage.getByText(NO_ACCESS_TEXT).count()).toBe(0);

    const page = await session.newPage();
    await signIn(page, server.baseUrl, DEMO_USERS.noAccess, DEMO_PASSWORD);
    await page.goto(server.baseUrl + '/workorder/jobs');
    await expectNoAccessPanel(page);
    expect(session.errors).toEqual([]);
  });
});
