import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_KINDS, TEMPLATE_PLACEHOLDERS } from '@fieldwork/domain/messages/messages.rules';
import { makeSession, mockApi, renderApp, route } from '../../../test-utils';

const templates = EMAIL_TEMPLATE_KINDS.map((kind) => ({
  kind,
  ...DEFAULT_EMAIL_TEMPLATES[kind],
  isDefault: true,
  placeholders: [...TEMPLATE_PLACEHOLDERS[kind]],
  updatedAt: null,
}));

describe('Settings → Emails', { timeout: 20_000 }, () => {
  it('previews the wording as it is typed and saves it', async () => {
    const fetchMock = mockApi(
      route('GET', '/api/email-templates', { body: { data: { items: templates } } }),
      route('POST', '/api/email-templates/estimate/preview', { body: { data: { subject: 'Your quote 1042', text: 'x', html: '<p>Preview body</p>' } } }),
      route('PUT', '/api/email-templates/estimate', { body: { data: { ...templates[1], subject: 'Your quote {documentNumber}', isDefault: false } } }),
    );
    renderApp('/settings/emails', makeSession('Admin', 'fullAccess'));
    const card = (await screen.findByRole('heading', { name: 'Estimate' })).closest('section')!;
    const subject = within(card).getByLabelText(/subject/i);
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Your quote {{documentNumber}');
    expect(await within(card).findByText('Subject:', { exact: false })).toBeTruthy();
    await waitFor(() => expect(within(card).getByText('Your quote 1042')).toBeTruthy());
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/email-templates/estimate') && init?.method === 'PUT');
      expect(JSON.parse(String(put![1]!.body))).toMatchObject({ subject: 'Your quote {documentNumber}' });
    });
  });

  it('refuses a placeholder the kind does not know before saving', async () => {
    mockApi(route('GET', '/api/email-templates', { body: { data: { items: templates } } }));
    renderApp('/settings/emails', makeSession('Admin', 'fullAccess'));
    const card = (await screen.findByRole('heading', { name: 'Invoice' })).closest('section')!;
    const message = within(card).getByLabelText(/message/i);
    await userEvent.type(message, ' {{discount}');
    expect(await within(card).findByText('Unknown placeholder: {discount}.')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
