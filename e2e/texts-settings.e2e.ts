/**
 * Settings → Text messages and a technician's task notices, in a real browser against the real server: what is
 * sent and the wording are saved and still there after a reload (no Twilio account needed), the preview shows
 * the words a customer would read, and a technician on a phone chooses how they hear of their tasks.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.ts';
import { api } from './demo-api.ts';
import { apiSignIn, signIn, useApp, useBrowser } from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('text preferences and task notices', () => {
  const server = useApp({ demo: true });
  const session = useBrowser();

  it('the office saves what is sent and its own wording; both survive a reload', async () => {
    const base = server.baseUrl;
    const page = await session.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, base, DEMO_USERS.admin, DEMO_PASSWORD);
    await page.goto(`${base}/settings/texts`);

    const sent = page.locator('section', { has: page.getByRole('heading', { name: 'What is sent' }) });
    await sent.getByLabel('hours before').fill('48');
    await sent.getByRole('switch', { name: 'Job completed' }).click();
    await sent.getByRole('button', { name: 'Save what is sent' }).click();
    await page.getByText('Text preferences saved.').waitFor();

    const box = page.getByRole('textbox', { name: 'Appointment reminder' });
    await box.fill('See you {date}, ');
    await page.getByRole('list', { name: 'Placeholders for Appointment reminder' }).getByRole('button', { name: 'Insert {customerName}' }).click();
    expect(await box.inputValue()).toBe('See you {date}, {customerName}');
    expect(await page.getByTestId('preview-reminder').textContent()).toBe('See you Tue, Mar 10, Jordan Smith');
    await page.getByRole('button', { name: 'Save wording' }).click();
    await page.getByText('Wording saved.').waitFor();

    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Appointment reminder' }).inputValue()).toBe('See you {date}, {customerName}');
    expect(await page.getByLabel('hours before').inputValue()).toBe('48');
    expect(await page.getByRole('switch', { name: 'Job completed' }).getAttribute('aria-checked')).toBe('true');

    const { cookie } = await apiSignIn(base, DEMO_USERS.admin, DEMO_PASSWORD);
    const stored = await api<{ data: { reminderHours: number; jobCompleted: boolean; customized: string[] } }>(
      base,
      cookie,
      'GET',
      '/api/company/texts/preferences',
    );
    expect(stored.data).toMatchObject({ reminderHours: 48, jobCompleted: true, customized: ['reminder'] });
  });

  it('a technician on a phone chooses email for task notices', async () => {
    const base = server.baseUrl;
    const page = await session.newPage(PHONE);
    await signIn(page, base, DEMO_USERS.tech1, DEMO_PASSWORD);
    await page.goto(`${base}/settings/user-profile`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Task notices' }) });
    await card.getByRole('radio', { name: 'Email me' }).check();
    await card.getByRole('button', { name: 'Save notices' }).click();
    await page.getByText('Task notices saved.').waitFor();
    await page.reload();
    expect(await page.getByRole('radio', { name: 'Email me' }).isChecked()).toBe(true);
  });
});
