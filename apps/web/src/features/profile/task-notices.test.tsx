import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSIGNMENT_NOTICE_MESSAGES } from '@fieldwork/domain/texts/text-preferences.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';

type FetchMock = ReturnType<typeof mockApi>;
const puts = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u) === '/api/user/notices' && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));

const card = async () => within((await screen.findByRole('heading', { name: 'Task notices' })).closest('section')!);

describe('My profile → Task notices', { timeout: 20_000 }, () => {
  it('a technician chooses texts: shows the number they go to and saves', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/user/notices', { body: { data: { assignment: 'text', textNumber: '+12015550123' } } }),
      route('GET', '/api/user/notices', { body: { data: { assignment: 'off', textNumber: '+12015550123' } } }),
    );
    renderApp('/settings/user-profile', makeSession('Technician', 'noAccess'));
    const section = await card();
    expect(((await section.findByRole('radio', { name: 'Do not tell me' })) as HTMLInputElement).checked).toBe(true);
    expect(section.getByText('+12015550123')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(section.getByRole('radio', { name: 'Text me' }));
    await user.click(section.getByRole('button', { name: 'Save notices' }));
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ assignment: 'text' }]));
    expect(await screen.findByText('Task notices saved.')).toBeTruthy();
  });

  it('says a mobile number is needed when texts are chosen without one, and sends nothing; email still saves', async () => {
    const fetchMock = mockApi(
      route('PUT', '/api/user/notices', { body: { data: { assignment: 'email', textNumber: null } } }),
      route('GET', '/api/user/notices', { body: { data: { assignment: 'off', textNumber: null } } }),
    );
    renderApp('/settings/user-profile', makeSession('SubContractor', 'noAccess'));
    const section = await card();
    const user = userEvent.setup();
    await user.click(await section.findByRole('radio', { name: 'Text me' }));
    expect(section.getByText(ASSIGNMENT_NOTICE_MESSAGES.noPhone)).toBeTruthy();
    expect((section.getByRole('button', { name: 'Save notices' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(section.getByRole('radio', { name: 'Email me' }));
    expect(section.queryByText(ASSIGNMENT_NOTICE_MESSAGES.noPhone)).toBeNull();
    await user.click(section.getByRole('button', { name: 'Save notices' }));
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ assignment: 'email' }]));
  });
});
