import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TextPreferences } from '@fieldwork/domain/texts/text-preferences.schemas';
import { DEFAULT_TEXT_TEMPLATES, TEXT_SAMPLE_VALUES, TEXT_TEMPLATE_MESSAGES } from '@fieldwork/domain/texts/text-templates.rules';
import type { TextSettings } from '@fieldwork/domain/texts/texts.schemas';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';

const settings: TextSettings = {
  connected: false,
  accountSid: null,
  authTokenLast4: null,
  fromNumber: null,
  messagingServiceSid: null,
  country: 'US',
  inboundUrl: 'https://app.example/api/webhooks/twilio/c1/inbound',
  connectedAt: null,
};
const prefs = (o: Partial<TextPreferences> = {}): TextPreferences => ({
  remindersOn: true,
  reminderHours: 24,
  quietHoursOn: true,
  quietStart: '21:00',
  quietEnd: '08:00',
  bookingConfirmation: false,
  jobCompleted: false,
  templates: { ...DEFAULT_TEXT_TEMPLATES },
  customized: [],
  timeZone: 'America/Chicago',
  ...o,
});
const URL = '/api/company/texts/preferences';

type FetchMock = ReturnType<typeof mockApi>;
const puts = (fetchMock: FetchMock) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u) === URL && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const open = (...handlers: Parameters<typeof mockApi>) => {
  const fetchMock = mockApi(
    ...handlers,
    route('GET', '/api/company/texts/messages', { body: { data: [] } }),
    route('GET', '/api/company/texts', { body: { data: settings } }),
  );
  renderApp('/settings/texts', makeSession('Admin', 'fullAccess'));
  return fetchMock;
};

describe('Settings → Text messages: what is sent and the wording', { timeout: 20_000 }, () => {
  it('saves what is sent, keeping the saved wording, and names the zone of the quiet hours', async () => {
    const reminder = 'See you {date}, {customerName}!';
    const saved = prefs({ reminderHours: 48, bookingConfirmation: true, templates: { ...DEFAULT_TEXT_TEMPLATES, reminder }, customized: ['reminder'] });
    const fetchMock = open(
      route('PUT', URL, { body: { data: saved } }),
      route('GET', URL, { body: { data: prefs({ templates: { ...DEFAULT_TEXT_TEMPLATES, reminder }, customized: ['reminder'] }) } }),
    );
    const card = within((await screen.findByRole('heading', { name: 'What is sent' })).closest('section')!);
    expect(card.getByText('America/Chicago')).toBeTruthy();
    expect(card.getByText(/except “On my way”/)).toBeTruthy();
    const user = userEvent.setup();
    const hours = card.getByLabelText('hours before');
    await user.clear(hours);
    await user.type(hours, '48');
    expect(card.getByRole('switch', { name: 'Booking confirmation' }).getAttribute('aria-checked')).toBe('false');
    await user.click(card.getByRole('switch', { name: 'Booking confirmation' }));
    await user.click(card.getByRole('button', { name: 'Save what is sent' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]).toEqual({
      remindersOn: true,
      reminderHours: 48,
      quietHoursOn: true,
      quietStart: '21:00',
      quietEnd: '08:00',
      bookingConfirmation: true,
      jobCompleted: false,
      templates: { reminder },
    });
    expect(await screen.findByText('Text preferences saved.')).toBeTruthy();
  });

  it('refuses a lead time out of range with the domain message, sending nothing; shows a server refusal under its field', async () => {
    const fetchMock = open(
      route('PUT', URL, {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: ['Quiet hours end must be a time such as 21:00.'],
          details: { quietEnd: 'Quiet hours end must be a time such as 21:00.' },
        },
      }),
      route('GET', URL, { body: { data: prefs() } }),
    );
    const card = within((await screen.findByRole('heading', { name: 'What is sent' })).closest('section')!);
    const user = userEvent.setup();
    const hours = card.getByLabelText('hours before');
    await user.clear(hours);
    await user.type(hours, '500');
    await user.click(card.getByRole('button', { name: 'Save what is sent' }));
    expect(await card.findByText('Reminder lead time must be between 1 and 168 hours.')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(card.getByRole('button', { name: 'Save what is sent' }));
    expect(await card.findByText('Quiet hours end must be a time such as 21:00.')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(1);
  });

  it('previews the wording live with the sample values, inserts a placeholder at the cursor, refuses an unknown one, and resets to the default', async () => {
    const fetchMock = open(route('PUT', URL, { body: { data: prefs() } }), route('GET', URL, { body: { data: prefs() } }));
    const box = (await screen.findByLabelText('Appointment reminder')) as HTMLTextAreaElement;
    const preview = screen.getByTestId('preview-reminder');
    expect(preview.textContent).toBe(
      `${TEXT_SAMPLE_VALUES.companyName}: a reminder of your appointment on ${TEXT_SAMPLE_VALUES.date} at ${TEXT_SAMPLE_VALUES.time} with ${TEXT_SAMPLE_VALUES.technicianName}. Details: ${TEXT_SAMPLE_VALUES.link}`,
    );
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, 'Hi , see you soon');
    expect(preview.textContent).toBe('Hi , see you soon');
    // The cursor after "Hi": the chip puts the placeholder there.
    box.setSelectionRange(2, 2);
    fireEvent.click(within(screen.getByRole('list', { name: 'Placeholders for Appointment reminder' })).getByRole('button', { name: 'Insert {customerName}' }));
    expect(box.value).toBe('Hi{customerName} , see you soon');
    expect(preview.textContent).toBe(`Hi${TEXT_SAMPLE_VALUES.customerName} , see you soon`);
    expect(screen.getByText(`${box.value.length} / 459`)).toBeTruthy();

    await user.type(box, ' {{when}');
    expect(await screen.findByText(TEXT_TEMPLATE_MESSAGES.unknown(['when']))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save wording' }));
    expect(puts(fetchMock)).toHaveLength(0);

    const reminderBlock = box.closest('div.space-y-2') as HTMLElement;
    await user.click(within(reminderBlock).getByRole('button', { name: 'Use the default wording' }));
    expect(box.value).toBe(DEFAULT_TEXT_TEMPLATES.reminder);
    expect(screen.queryByText(TEXT_TEMPLATE_MESSAGES.unknown(['when']))).toBeNull();

    const completed = screen.getByRole('textbox', { name: 'Job completed' }) as HTMLTextAreaElement;
    await user.clear(completed);
    await user.type(completed, 'Done! #{{jobNumber}');
    await user.click(screen.getByRole('button', { name: 'Save wording' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]!.templates).toEqual({ on_my_way: null, reminder: null, booking_confirmation: null, job_completed: 'Done! #{jobNumber}' });
    expect(await screen.findByText('Wording saved.')).toBeTruthy();
  });

  it('shows a retry when the preferences cannot be loaded', async () => {
    open(route('GET', URL, { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong! Please try again' } }));
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});
