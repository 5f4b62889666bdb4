import { useState } from 'react';
import { DASHBOARD_DEFAULT_PRESET, DASHBOARD_MAX_RANGE_DAYS, daysBetween } from '@fieldwork/domain/dashboard/dashboard.schemas';
import type { DatePreset } from '@fieldwork/domain/time/date-presets.rules';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { CUSTOM_RANGE, PRESET_OPTIONS, type DashboardSearch } from './dashboard-range';

const OPTIONS = [...PRESET_OPTIONS, { value: CUSTOM_RANGE, label: 'Custom range' }];

/** Preset select plus, for a custom range, two day inputs applied together (a half-chosen range fetches nothing). */
export function RangeControl({ value, onChange }: { value: DashboardSearch; onChange: (next: DashboardSearch) => void }) {
  const custom = Boolean(value.from && value.to);
  const [editing, setEditing] = useState(custom);
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const selected = editing || custom ? CUSTOM_RANGE : (value.preset ?? DASHBOARD_DEFAULT_PRESET);
  const error =
    from && to
      ? daysBetween(from, to) < 0
        ? 'From must be on or before To.'
        : daysBetween(from, to) + 1 > DASHBOARD_MAX_RANGE_DAYS
          ? `The date range must be at most ${DASHBOARD_MAX_RANGE_DAYS} days.`
          : null
      : null;

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Select
        aria-label="Date range"
        className="sm:w-44"
        value={selected}
        options={OPTIONS}
        onChange={(e) => {
          if (e.target.value === CUSTOM_RANGE) return setEditing(true);
          setEditing(false);
          onChange({ preset: e.target.value as DatePreset });
        }}
      />
      {selected === CUSTOM_RANGE ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (from && to && !error) onChange({ from, to });
          }}
        >
          <label className="text-xs text-muted">
            From
            <Input type="date" aria-label="From" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className="w-40" />
          </label>
          <label className="text-xs text-muted">
            To
            <Input type="date" aria-label="To" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className="w-40" />
          </label>
          <Button type="submit" variant="secondary" disabled={!from || !to || Boolean(error)}>
            Apply
          </Button>
          {error ? (
            <p role="alert" className="w-full text-xs text-danger">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
