import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer } from '@fieldwork/domain/customers/customers.schemas';
import { mockApi, renderWithQuery } from '../../test-utils';
import { CustomerForm } from './customer-form';
import { customerToValues, newCustomerValues } from './customer-form.schema';

function renderForm(onSubmit = vi.fn(), mode: 'create' | 'edit' = 'create', values = newCustomerValues()) {
  mockApi();
  renderWithQuery(<CustomerForm mode={mode} defaultValues={values} onSubmit={onSubmit} onCancel={() => {}} pending={false} error={null} />);
  return onSubmit;
}

describe('customer form', () => {
  it('shows the domain messages for missing required fields', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account Name is mandatory.')).toBeTruthy();
    expect(screen.getByText('Address Line is mandatory.')).toBeTruthy();
    expect(screen.getByText('Full Address is mandatory.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and phone', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email must be a valid email address.')).toBeTruthy();
    expect(screen.getByText('Phone may contain only digits, spaces and + ( ) - .')).toBeTruthy();
  });

  it('validates each contact row', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /add contact/i }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact Name is mandatory.')).toBeTruthy();
  });

  it('keeps at least one address', async () => {
    renderForm();
    expect((screen.getByRole('button', { name: 'Remove address 1' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /add address/i }));
    expect((screen.getByRole('button', { name: 'Remove address 1' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('submits the request body with empty optional texts cleared', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/account name/i), 'Northwind Plumbing');
    await user.type(screen.getByLabelText(/address line/i), '12 Harbor St');
    await user.type(screen.getByLabelText(/full address/i), '12 Harbor St, Boston, MA 02110');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Northwind Plumbing',
      email: null,
      phone: null,
      tags: [],
      contacts: [],
      customerAddress: [{ addressLine1: '12 Harbor St', buildingUnit: null, fullAddress: '12 Harbor St, Boston, MA 02110' }],
    });
  });

  it('keeps address and contact ids and the version when editing', async () => {
    const customer: Customer = {
      id: '7d1f3d2e-8a53-4c57-9b1a-2f0d4c6b9a10',
      name: 'Northwind',
      email: null,
      phone: null,
      notes: null,
      isActive: true,
      tags: [],
      customerAddress: [{ id: 'a5b0c6de-1f2a-4b3c-8d4e-5f6a7b8c9d0e', addressLine1: '1 Main', buildingUnit: null, fullAddress: '1 Main, Town' }],
      contacts: [{ id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', name: 'Sam', email: null, mobileNumber: null, isBilling: true, textsOff: null }],
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      version: 4,
    };
    const onSubmit = renderForm(vi.fn(), 'edit', customerToValues(customer));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      version: 4,
      isActive: true,
      customerAddress: [{ id: customer.customerAddress[0]?.id }],
      contacts: [{ id: customer.contacts[0]?.id, isBilling: true }],
    });
  });
});
