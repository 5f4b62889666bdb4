import { useState } from 'react';
import { DATE_PRESET_LABELS, DATE_PRESETS, type DatePreset } from '@fieldwork/domain/time/date-presets.rules';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FilterPopoverFrame } from '../../components/filter-popover';
import { MultiSelect, type MultiSelectOption } from '../../components/multi-select';
import { Select } from '../../components/select';

export type DocumentFilterValues<S extends string> = { createdOn: DatePreset | null; statuses: S[] };

export const NO_DOCUMENT_FILTERS: DocumentFilterValues<never> = { createdOn: null, statuses: [] };

const PRESET_OPTIONS = DATE_PRESETS.map((value) => ({ value, label: DATE_PRESET_LABELS[value] }));
const isPreset = (value: string): value is DatePreset => (DATE_PRESETS as readonly string[]).includes(value);

export const documentFilterCount = (f: DocumentFilterValues<string>) => (f.createdOn ? 1 : 0) + f.statuses.length;

/** Status choices of a document kind, in the domain's order, with its labels. */
export const statusOptions = <S extends string>(statuses: readonly S[], labels: Record<S, string>): MultiSelectOption[] =>
  statuses.map((value) => ({ value, label: labels[value] }));

type Props<S extends string> = {
  /** Prefix of the controls' ids, unique on the page. */
  id: string;
  value: DocumentFilterValues<S>;
  statusOptions: readonly MultiSelectOption[];
  onApply: (value: DocumentFilterValues<S>) => void;
};

/**
 * The estimate and invoice lists' "Filter By" popover: Created On (a preset the server turns into a range in
 * the tenant's zone) and Status. Unlike the job list's, changes wait for Apply; Cancel drops them.
 */
export function DocumentFilter<S extends string>({ id, value, statusOptions: options, onApply }: Props<S>) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const onOpenChange = (next: boolean) => {
    // Each opening starts from what is applied, so a cancelled edit never comes back.
    if (next) setDraft(value);
    setOpen(next);
  };
  return (
    <FilterPopoverFrame
      open={open}
      onOpenChange={onOpenChange}
      count={documentFilterCount(value)}
      clearDisabled={documentFilterCount(draft) === 0}
      onClear={() => setDraft({ createdOn: null, statuses: [] })}
      footer={
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            onClick={() => {
              onApply(draft);
              setOpen(false);
            }}
          >
            Apply
          </Button>
        </div>
      }
    >
      <Field label="Created On" id={`${id}-created-on`}>
        <Select
          placeholder="Any time"
          options={PRESET_OPTIONS}
          value={draft.createdOn ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, createdOn: isPreset(e.target.value) ? e.target.value : null }))}
        />
      </Field>
      <Field label="Status" id={`${id}-status`}>
        {(control) => (
          <MultiSelect {...control} options={options} value={draft.statuses} onChange={(statuses) => setDraft((d) => ({ ...d, statuses: statuses as S[] }))} />
        )}
      </Field>
    </FilterPopoverFrame>
  );
}
