import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { COST_TYPE_LABELS, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { FieldError } from '../../components/field';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { formatDate, formatTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { CostFields, liveAmount } from '../../shared/costs/cost-fields';
import { linesTotal, type CostLine } from './actual-costs-lines';

type Named = { id: string; name: string };

export type ActualCostSectionProps = {
  type: CostType;
  lines: CostLine[];
  timeZone: string;
  people: Named[];
  vehicles: Named[];
  subcontractors: Named[];
  disabled: boolean;
  onAdd: () => void;
  onUpdate: (key: string, patch: Partial<CostLine>) => void;
  onRemove: (key: string) => void;
};

const amountText = (line: CostLine) => {
  const amount = liveAmount(line.type, line.values);
  return amount === null ? '—' : formatMoney(amount);
};

/** A prefilled line from a work period: who, when, hours and rate (editable), and whether to add it. */
function SuggestionLine({
  line,
  timeZone,
  disabled,
  onUpdate,
}: {
  line: CostLine;
  timeZone: string;
  disabled: boolean;
  onUpdate: ActualCostSectionProps['onUpdate'];
}) {
  const uid = useId();
  const s = line.suggestion!;
  const set = (name: 'hours' | 'hourlyRate') => (e: { target: { value: string } }) =>
    onUpdate(line.key, { values: { ...line.values, [name]: e.target.value } });
  const rateLabel = line.type === 'LABOR' ? 'Hourly Cost Rate' : 'Cost per hour';
  return (
    <li aria-label={`${s.who}${s.role ? ` (${s.role})` : ''}`} className="rounded-md border border-border bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-gray-900">
            {s.who} {s.role ? <span className="text-sm font-normal text-muted">· {s.role}</span> : null}
          </p>
          <p className="text-sm text-muted">
            {formatDate(line.values.date, 'UTC')} · {formatTime(s.startTime, timeZone)} – {formatTime(s.endTime, timeZone)}
            {line.type === 'VEHICLE' && Number(line.values.miles) > 0 ? ` · ${line.values.miles} mi` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id={`${uid}-include`} checked={line.include} disabled={disabled} onCheckedChange={(include) => onUpdate(line.key, { include })} />
          <Label htmlFor={`${uid}-include`}>Include</Label>
        </div>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${uid}-hours`}>Hours</Label>
          <Input
            id={`${uid}-hours`}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={line.values.hours}
            disabled={disabled || !line.include}
            onChange={set('hours')}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${uid}-rate`}>{rateLabel}</Label>
          <Input
            id={`${uid}-rate`}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={line.values.hourlyRate}
            disabled={disabled || !line.include}
            onChange={set('hourlyRate')}
          />
        </div>
        <p className="col-span-2 self-end text-right text-sm sm:col-span-1">
          Amount: <span className="font-medium text-gray-900">{amountText(line)}</span>
        </p>
      </div>
      <FieldError message={line.error ?? undefined} />
    </li>
  );
}

function ManualLine({
  line,
  index,
  people,
  vehicles,
  subcontractors,
  disabled,
  onUpdate,
  onRemove,
}: Omit<ActualCostSectionProps, 'type' | 'lines' | 'timeZone' | 'onAdd'> & { line: CostLine; index: number }) {
  const label = `${COST_TYPE_LABELS[line.type]} line ${index}`;
  return (
    <li aria-label={label} className="rounded-md border border-border bg-white p-3">
      <fieldset disabled={disabled}>
        <legend className="sr-only">{label}</legend>
        <CostFields
          type={line.type}
          value={line.values}
          onChange={(values) => onUpdate(line.key, { values })}
          people={people}
          vehicles={vehicles}
          subcontractors={subcontractors}
        />
      </fieldset>
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-sm">
          Amount: <span className="font-medium text-gray-900">{amountText(line)}</span>
        </p>
        <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onRemove(line.key)} aria-label={`Remove ${label}`}>
          <Trash2 size={14} aria-hidden="true" /> Remove
        </Button>
      </div>
      <FieldError message={line.error ?? undefined} />
    </li>
  );
}

/** One cost type: its prefilled and manual lines, "Add line", and the running total of the ticked lines. */
export function ActualCostSection(props: ActualCostSectionProps) {
  const { type, lines, timeZone, disabled, onAdd, onUpdate } = props;
  const headingId = useId();
  const label = COST_TYPE_LABELS[type];
  let manualIndex = 0;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-gray-50 p-3 sm:p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          {label}
        </h2>
        <p className="text-sm" aria-live="polite">
          {label} total: <span className="font-semibold text-gray-900">{formatMoney(linesTotal(lines))}</span>
        </p>
      </div>
      {lines.length > 0 ? (
        <ul className="space-y-2">
          {lines.map((line) =>
            line.suggestion ? (
              <SuggestionLine key={line.key} line={line} timeZone={timeZone} disabled={disabled} onUpdate={onUpdate} />
            ) : (
              <ManualLine key={line.key} {...props} line={line} index={++manualIndex} />
            ),
          )}
        </ul>
      ) : (
        <p className="text-sm text-muted">No lines yet.</p>
      )}
      <Button variant="secondary" size="sm" className="mt-2" disabled={disabled} onClick={onAdd}>
        <Plus size={14} aria-hidden="true" /> Add line
      </Button>
    </section>
  );
}
