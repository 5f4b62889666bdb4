import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { mockApi, renderApp, route } from '../../test-utils';
import { PORTAL_NOT_FOUND } from './portal-load-state';
import { company, SLUG, sentBody } from './portal-test-fixtures';

const companyReply = route('GET', `/api/portal/companies/${SLUG}`, { body: { data: company() } });

afterEach(() => vi.unstubAllGlobals());

describe('company portal page (/portal/$slug)', { timeout: 20_000 }, () => {
  it('emails a sign-in link with the same answer for any address', async () => {
    const fetchMock = mockApi(companyReply, route('POST', `/api/portal/companies/${SLUG}/sign-in-link`, { status: 202, body: { data: { message: 'x' } } }));
    renderApp(`/portal/${SLUG}`, null);
    expect(await screen.findByRole('heading', { name: 'Welcome to Harbor Plumbing' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Sign-in link' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await within(form).findByText('Email must be a valid email address.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/companies/${SLUG}/sign-in-link`)).toBeUndefined();

    await userEvent.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(PORTAL_MESSAGES.signInSent)).toBeTruthy();
  });

  it('sends a work request with who is asking, after the schema’s checks', async () => {
    const fetchMock = mockApi(
      companyReply,
      route('POST', `/api/portal/companies/${SLUG}/work-requests`, { status: 201, body: { data: { message: PORTAL_MESSAGES.workRequested } } }),
    );
    renderApp(`/portal/${SLUG}`, null);
    const form = await screen.findByRole('form', { name: 'Request work' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Name is mandatory.')).toBeTruthy();
    expect(within(form).getByText('Address is mandatory.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/companies/${SLUG}/work-requests`)).toBeUndefined();

    await userEvent.type(within(form).getByRole('textbox', { name: 'Your name' }), 'Lee Park');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'lee@example.com');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Address' }), '4 Elm St');
    await userEvent.type(within(form).getByRole('textbox', { name: 'What do you need?' }), 'New boiler');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Preferred times' }), 'Mornings');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(PORTAL_MESSAGES.workRequested)).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', `/api/portal/companies/${SLUG}/work-requests`)).toEqual({
      description: 'New boiler',
      preferredTimes: 'Mornings',
      name: 'Lee Park',
      email: 'lee@example.com',
      address: '4 Elm St',
    });
  });

  it('answers an unknown address with a plain not-found', async () => {
    mockApi(route('GET', '/api/portal/companies/nope', { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' } }));
    renderApp('/portal/nope', null);
    expect(await screen.findByText(PORTAL_NOT_FOUND)).toBeTruthy();
  });
});
