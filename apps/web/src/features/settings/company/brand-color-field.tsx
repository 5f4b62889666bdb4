import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  contrastOnWhite,
  DEFAULT_BRAND_COLOR,
  MIN_BRAND_CONTRAST,
  type updateCompanyBody,
  type UpdateCompanyBody,
} from '@fieldwork/domain/company/company.schemas';
import { Field } from '../../../components/field';
import { Input } from '../../../components/input';

type CompanyForm = UseFormReturn<z.input<typeof updateCompanyBody>, unknown, UpdateCompanyBody>;
const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The colour of document titles and headers: a swatch picker and the hex text side by side, with the same
 * contrast rule as the server shown as the user picks, and a sample heading in that colour.
 */
export function BrandColorField({ form, error }: { form: CompanyForm; error: string | undefined }) {
  const pickerId = useId();
  const value = form.watch('brandColor') ?? '';
  const shown = HEX.test(value) ? value.toLowerCase() : DEFAULT_BRAND_COLOR;
  const contrast = contrastOnWhite(shown);
  return (
    <Field
      label="Brand colour"
      error={error}
      hint={
        value
          ? `Contrast on white ${contrast.toFixed(1)}:1 (at least ${MIN_BRAND_CONTRAST}:1). Leave empty for Fieldwork blue.`
          : 'Leave empty for Fieldwork blue.'
      }
    >
      {(control) => (
        <div className="flex items-center gap-3">
          <input
            id={pickerId}
            type="color"
            aria-label="Pick a brand colour"
            value={shown}
            onChange={(e) => form.setValue('brandColor', e.target.value, { shouldDirty: true, shouldValidate: true })}
            className="h-9 w-12 cursor-pointer rounded-md border border-border bg-white p-1"
          />
          <Input {...control} placeholder={DEFAULT_BRAND_COLOR} className="w-32 font-mono" {...form.register('brandColor')} />
          <span className="text-sm font-semibold" style={{ color: shown }}>
            ESTIMATE #1042
          </span>
        </div>
      )}
    </Field>
  );
}
