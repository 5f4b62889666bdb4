import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithQuery } from '../../test-utils';
import { SubcontractorForm } from './subcontractor-form';
import { newSubcontractorValues } from './subcontractor-form.schema';

describe('subcontractor form', () => {
  it('shows "This field is required" for the kind select and submits a clean body', async () => {
    mockApi();
    const onSubmit = vi.fn();
    renderWithQuery(
      <SubcontractorForm mode="create" defaultValues={newSubcontractorValues()} onSubmit={onSubmit} onCancel={() => {}} pending={false} error={null} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subcontractor Name is mandatory.')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), 'Sparky Electric');
    await user.selectOptions(screen.getByLabelText('Kind'), 'COMPANY');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Sparky Electric',
      kind: 'COMPANY',
      email: null,
      phone: null,
      userId: null,
      tags: [],
      zones: [],
    });
  });
});
