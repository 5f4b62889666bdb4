import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { mockApi, renderWithQuery, route } from '../../../test-utils';
import { InviteUserDialog } from './invite-user-dialog';

const LINK = 'http://localhost/invitation/accept?token=abcdefghijklmnopqrstuvwxyz';

function renderDialog() {
  const fetchMock = mockApi(
    route('POST', '/api/user/invitation', {
      status: 201,
      body: { data: { link: LINK, invitation: { id: 'i1', email: 'new@example.com', role: 'Technician', access: 'noAccess' } } },
    }),
  );
  renderWithQuery(
    <>
      <InviteUserDialog onClose={() => {}} />
      <Toaster />
    </>,
  );
  return fetchMock;
}

describe('invite user dialog', () => {
  it('requires an email, a role and an access level', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email must be a valid email address.')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
  });

  it("proposes the role's usual access, sends the invitation and shows the link to copy", async () => {
    const fetchMock = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'New@Example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'Technician');
    expect((screen.getByLabelText('Work order access') as HTMLSelectElement).value).toBe('noAccess');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByDisplayValue(LINK)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/invitation');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'new@example.com', role: 'Technician', access: 'noAccess', tags: [], zones: [] });

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says "Failed to copy" when the clipboard refuses', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'Staff');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByDisplayValue(LINK);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByText('Failed to copy')).toBeTruthy());
  });
});
