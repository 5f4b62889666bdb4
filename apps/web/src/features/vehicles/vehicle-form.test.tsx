import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VEHICLE_MESSAGES } from '@fieldwork/domain/company/vehicles.schemas';
import { ApiError } from '../../lib/api-client';
import { renderWithQuery } from '../../test-utils';
import { VehicleForm } from './vehicle-form';
import { newVehicleValues } from './vehicle-form.schema';

const renderForm = (props: Partial<Parameters<typeof VehicleForm>[0]> = {}) => {
  const onSubmit = vi.fn();
  const utils = renderWithQuery(
    <VehicleForm mode="create" defaultValues={newVehicleValues()} onSubmit={onSubmit} onCancel={() => {}} pending={false} error={null} {...props} />,
  );
  return { ...utils, onSubmit };
};

describe('vehicle form', { timeout: 20_000 }, () => {
  it('upper-cases the VIN as typed, shows the domain message live and submits dollars', async () => {
    const { onSubmit } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vehicle Name is mandatory.')).toBeTruthy();
    expect(screen.getByText(VEHICLE_MESSAGES.vinInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Van 3');
    const vin = screen.getByLabelText('VIN') as HTMLInputElement;
    await user.clear(vin);
    await user.type(vin, '1ftbw2cm6lka4381o'); // 17 characters, but O is never used in a VIN
    expect(vin.value).toBe('1FTBW2CM6LKA4381O');
    expect(screen.getByText(VEHICLE_MESSAGES.vinInvalid)).toBeTruthy();
    await user.type(vin, '{Backspace}7');
    await waitFor(() => expect(screen.queryByText(VEHICLE_MESSAGES.vinInvalid)).toBeNull());
    expect(screen.getByText('17/17 characters')).toBeTruthy();

    await user.type(screen.getByLabelText('Cost per hour ($)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cost per hour can have at most 2 decimal places.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Cost per hour ($)'));
    await user.type(screen.getByLabelText('Cost per hour ($)'), '12.5');
    await user.type(screen.getByLabelText('State'), 'NY');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Van 3',
      vin: '1FTBW2CM6LKA43817',
      state: 'NY',
      plate: null,
      isActive: true,
      hourlyCost: 12.5,
      mileCost: 0,
    });
  });

  it('puts the server messages under their fields, the VIN conflict too, and the rest above the form', async () => {
    const invalid = new ApiError(400, 'VALIDATION_FAILED', 'x', ['Plate must be less than or equal to 20 characters.', 'Something else went wrong.']);
    const { rerender } = renderForm({ error: invalid });
    expect(await screen.findByText('Plate must be less than or equal to 20 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Plate').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Something else went wrong.')).toBeTruthy();

    const taken = new ApiError(409, 'CONFLICT', VEHICLE_MESSAGES.vinTaken);
    rerender(<VehicleForm mode="create" defaultValues={newVehicleValues()} onSubmit={() => {}} onCancel={() => {}} pending={false} error={taken} />);
    expect(await screen.findByText(VEHICLE_MESSAGES.vinTaken)).toBeTruthy();
    expect(screen.getByLabelText('VIN').getAttribute('aria-invalid')).toBe('true');
  });

  it('knows the VIN conflict by its code, whatever the words', async () => {
    const taken = new ApiError(409, 'CONFLICT', 'Van 2 already uses this VIN.');
    renderForm({ error: taken });
    const vin = screen.getByLabelText('VIN');
    await waitFor(() => expect(vin.getAttribute('aria-invalid')).toBe('true'));
    const errorId = vin
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('Van 2 already uses this VIN.');
  });
});
