import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { VIN_LENGTH } from '@fieldwork/domain/company/vehicles.schemas';
import { Card } from '../../components/card';
import { ControlledCheckbox } from '../../components/controlled-checkbox';
import { Field } from '../../components/field';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { ApiError, isApiError } from '../../lib/api-client';
import { useServerFieldErrors } from '../../lib/use-server-field-errors';
import { fieldOfMessage, vehicleResolver, type VehicleFormOutput, type VehicleFormValues } from './vehicle-form.schema';

export type VehicleFormProps = {
  mode: 'create' | 'edit';
  defaultValues: VehicleFormValues;
  onSubmit: (body: VehicleFormOutput) => void;
  onCancel: () => void;
  pending: boolean;
  /** The failed save: field messages go under their inputs, the rest above the form. */
  error: unknown;
};

/** A vehicle save answers CONFLICT only for a VIN another vehicle of the company already has: it belongs under the VIN input. */
const isVinTaken = (error: unknown): error is ApiError => isApiError(error) && error.code === 'CONFLICT';

export function VehicleForm({ mode, defaultValues, onSubmit, onCancel, pending, error }: VehicleFormProps) {
  const form = useForm<VehicleFormValues, unknown, VehicleFormOutput>({ resolver: vehicleResolver, defaultValues });
  const { errors, touchedFields, isSubmitted } = form.formState;
  const unmatched = useServerFieldErrors(isVinTaken(error) ? null : error, form.setError, fieldOfMessage);
  useEffect(() => {
    if (isVinTaken(error)) form.setError('vin', { type: 'server', message: error.message }, { shouldFocus: false });
  }, [error, form]);

  const vin = form.watch('vin');
  const vinInput = form.register('vin');

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label={mode === 'edit' ? 'Edit vehicle' : 'New vehicle'}>
      {unmatched.length > 0 ? <FormAlert error={new ApiError(400, 'VALIDATION_FAILED', unmatched.join(' '), unmatched)} /> : null}
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message} required>
            <Input autoFocus placeholder="e.g. Service Van 1" {...form.register('name')} />
          </Field>
          <Field label="VIN" error={errors.vin?.message} hint={`${vin.length}/${VIN_LENGTH} characters`} required>
            <Input
              {...vinInput}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              className="font-mono uppercase"
              onChange={(e) => {
                // Upper case as typed; the domain's message shows live once 17 characters are in or the field was left.
                const upper = e.target.value.toUpperCase();
                form.setValue('vin', upper, {
                  shouldDirty: true,
                  shouldValidate: upper.trim().length >= VIN_LENGTH || Boolean(touchedFields.vin) || isSubmitted,
                });
              }}
            />
          </Field>
          <Field label="State" error={errors.state?.message}>
            <Input placeholder="e.g. TX" {...form.register('state')} />
          </Field>
          <Field label="Plate" error={errors.plate?.message}>
            <Input {...form.register('plate')} />
          </Field>
          <Field label="Cost per hour ($)" error={errors.hourlyCost?.message}>
            <Input type="text" inputMode="decimal" placeholder="0.00" {...form.register('hourlyCost')} />
          </Field>
          <Field label="Cost per mile ($)" error={errors.mileCost?.message}>
            <Input type="text" inputMode="decimal" placeholder="0.00" {...form.register('mileCost')} />
          </Field>
          <ControlledCheckbox control={form.control} name="isActive" id="vehicle-active" label="Active vehicle" fallback className="sm:col-span-2" />
        </div>
      </Card>
      <FormActions onCancel={onCancel} pending={pending} />
    </form>
  );
}
