/**
 * The fields of one cost, per type: shared by the actual-costs page's manual lines and the all-costs
 * edit dialog. Values are the strings the inputs hold; toCostInput turns them into the API's dollars, hours and
 * miles, and liveAmount computes the amount the server will store with the domain's costAmountCents.
 */
import { useId } from 'react';
import { costAmountCents, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import { centsToDollars, QTY_SCALE, toScaledInteger } from '@fieldwork/domain/common/money.rules';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { Textarea } from '../../components/textarea';
import type { CostInput } from '../../features/costs/costs.api';

export type CostFormValues = {
  date: string;
  notes: string;
  userId: string;
  vehicleId: string;
  subcontractorId: string;
  hours: string;
  hourlyRate: string;
  miles: string;
  mileRate: string;
  item: string;
  quantity: string;
  unitCost: string;
  supplier: string;
  unit: 'HOUR' | 'DAY';
  rate: string;
  description: string;
  amount: string;
};

export type CostLinks = { costFor: 'JOB' | 'ESTIMATE'; jobId?: string | null; taskId?: string | null; estimateId?: string | null };

type Named = { id: string; name: string };

export function emptyCostValues(_type: CostType): CostFormValues {
  return {
    date: '',
    notes: '',
    userId: '',
    vehicleId: '',
    subcontractorId: '',
    hours: '',
    hourlyRate: '',
    miles: '',
    mileRate: '',
    item: '',
    quantity: '',
    unitCost: '',
    supplier: '',
    unit: 'HOUR',
    rate: '',
    description: '',
    amount: '',
  };
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function costToValues(cost: Cost): CostFormValues {
  return {
    ...emptyCostValues(cost.costType),
    date: cost.date.slice(0, 10),
    notes: cost.notes ?? '',
    userId: cost.user?.id ?? '',
    vehicleId: cost.vehicle?.id ?? '',
    subcontractorId: cost.subcontractor?.id ?? '',
    hours: str(cost.hours),
    hourlyRate: str(cost.hourlyRate),
    miles: str(cost.miles),
    mileRate: str(cost.mileRate),
    item: cost.item ?? '',
    quantity: str(cost.quantity),
    unitCost: str(cost.unitCost),
    supplier: cost.supplier ?? '',
    unit: cost.unit ?? 'HOUR',
    rate: str(cost.rate),
    description: cost.description ?? '',
    // Only subcontractor and other costs carry an entered amount; the others compute theirs.
    amount: cost.costType === 'SUBCONTRACTOR' || cost.costType === 'OTHER' ? str(cost.amount) : '',
  };
}

/** A typed number, or undefined when the input is empty (the server then applies its default or message). */
const num = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s.trim()));

export function toCostInput(type: CostType, v: CostFormValues, links: CostLinks): CostInput {
  const common = {
    costFor: links.costFor,
    jobId: links.jobId ?? null,
    taskId: links.taskId ?? null,
    estimateId: links.estimateId ?? null,
    date: v.date || null,
    notes: v.notes.trim() || null,
  };
  switch (type) {
    case 'LABOR':
      return {
        costType: 'LABOR',
        ...common,
        userId: v.userId,
        hours: num(v.hours) as number,
        ...(num(v.hourlyRate) !== undefined ? { hourlyRate: num(v.hourlyRate) } : {}),
      };
    case 'MATERIAL':
      return {
        costType: 'MATERIAL',
        ...common,
        item: v.item,
        quantity: num(v.quantity) as number,
        unitCost: num(v.unitCost) as number,
        supplier: v.supplier.trim() || null,
      };
    case 'VEHICLE':
      return {
        costType: 'VEHICLE',
        ...common,
        vehicleId: v.vehicleId,
        hours: num(v.hours) ?? 0,
        miles: num(v.miles) ?? 0,
        ...(num(v.hourlyRate) !== undefined ? { hourlyRate: num(v.hourlyRate) } : {}),
        ...(num(v.mileRate) !== undefined ? { mileRate: num(v.mileRate) } : {}),
      };
    case 'EQUIPMENT':
      return { costType: 'EQUIPMENT', ...common, item: v.item, unit: v.unit, quantity: num(v.quantity) as number, rate: num(v.rate) as number };
    case 'SUBCONTRACTOR':
      return { costType: 'SUBCONTRACTOR', ...common, subcontractorId: v.subcontractorId, amount: num(v.amount) as number };
    case 'OTHER':
      return { costType: 'OTHER', ...common, description: v.description, amount: num(v.amount) as number };
  }
}

/** Exact scaled integer of a typed value; empty counts as 0 when `emptyIsZero`, otherwise makes the amount unknown. */
function scaled(s: string, places: number, emptyIsZero = false): number | null {
  const t = s.trim();
  if (t === '') return emptyIsZero ? 0 : null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0) return null;
  return toScaledInteger(n, places);
}

/** The line's amount in dollars as the server will compute it; null while a figure it needs is missing or invalid. */
export function liveAmount(type: CostType, v: CostFormValues): number | null {
  const qtyOf = (s: string, emptyIsZero = false) => scaled(s, 3, emptyIsZero);
  const centsOf = (s: string, emptyIsZero = false) => scaled(s, 2, emptyIsZero);
  let figures: { quantityMilli: number | null; rateCents: number | null; milesMilli: number | null; mileRateCents: number | null; amountCents: number | null };
  const none = { quantityMilli: null, rateCents: null, milesMilli: null, mileRateCents: null, amountCents: null };
  switch (type) {
    case 'LABOR':
      figures = { ...none, quantityMilli: qtyOf(v.hours), rateCents: centsOf(v.hourlyRate) };
      if (figures.quantityMilli === null || figures.rateCents === null) return null;
      break;
    case 'MATERIAL':
      figures = { ...none, quantityMilli: qtyOf(v.quantity), rateCents: centsOf(v.unitCost) };
      if (figures.quantityMilli === null || figures.rateCents === null) return null;
      break;
    case 'EQUIPMENT':
      figures = { ...none, quantityMilli: qtyOf(v.quantity), rateCents: centsOf(v.rate) };
      if (figures.quantityMilli === null || figures.rateCents === null) return null;
      break;
    case 'VEHICLE': {
      const hours = qtyOf(v.hours, true);
      const miles = qtyOf(v.miles, true);
      // A rate may be left to the vehicle's default only where its quantity is zero.
      const rate = hours === 0 ? centsOf(v.hourlyRate, true) : centsOf(v.hourlyRate);
      const mileRate = miles === 0 ? centsOf(v.mileRate, true) : centsOf(v.mileRate);
      if (hours === null || miles === null || rate === null || mileRate === null) return null;
      figures = { quantityMilli: hours, rateCents: rate, milesMilli: miles, mileRateCents: mileRate, amountCents: null };
      break;
    }
    case 'SUBCONTRACTOR':
    case 'OTHER':
      figures = { ...none, amountCents: centsOf(v.amount) };
      if (figures.amountCents === null) return null;
      break;
  }
  const result = costAmountCents({ costType: type, ...figures });
  return result.ok ? centsToDollars(result.cents) : null;
}

export type CostFieldsProps = {
  type: CostType;
  value: CostFormValues;
  onChange: (v: CostFormValues) => void;
  errors?: Record<string, string>;
  people: Named[];
  vehicles: Named[];
  subcontractors: Named[];
};

const options = (list: Named[]) => list.map((x) => ({ value: x.id, label: x.name }));
const QTY_STEP = String(1 / QTY_SCALE);

export function CostFields({ type, value, onChange, errors = {}, people, vehicles, subcontractors }: CostFieldsProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const set = (name: keyof CostFormValues) => (e: { target: { value: string } }) => onChange({ ...value, [name]: e.target.value });
  const number = (name: keyof CostFormValues, label: string, step: string, required = true, hint?: string) => (
    <Field label={label} error={errors[name]} required={required} hint={hint} id={id(name)}>
      <Input type="number" inputMode="decimal" min="0" step={step} value={value[name]} onChange={set(name)} />
    </Field>
  );
  const text = (name: keyof CostFormValues, label: string, required = true) => (
    <Field label={label} error={errors[name]} required={required} id={id(name)}>
      <Input value={value[name]} onChange={set(name)} maxLength={name === 'description' ? 500 : 200} />
    </Field>
  );
  const pick = (name: keyof CostFormValues, label: string, list: Named[]) => (
    <Field label={label} error={errors[name]} required id={id(name)}>
      <Select options={options(list)} placeholder="Select" value={value[name]} onChange={set(name)} />
    </Field>
  );

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {type === 'LABOR' ? (
        <>
          {pick('userId', 'Person', people)}
          {number('hours', 'Hours', '0.01')}
          {number('hourlyRate', 'Hourly Cost Rate', '0.01', false, "The person's cost rate when empty")}
        </>
      ) : null}
      {type === 'MATERIAL' ? (
        <>
          {text('item', 'Item')}
          {number('quantity', 'Quantity', QTY_STEP)}
          {number('unitCost', 'Unit Cost', '0.01')}
          {text('supplier', 'Supplier', false)}
        </>
      ) : null}
      {type === 'VEHICLE' ? (
        <>
          {pick('vehicleId', 'Vehicle', vehicles)}
          {number('hours', 'Hours', '0.01', false)}
          {number('hourlyRate', 'Cost per hour', '0.01', false, "The vehicle's rate when empty")}
          {number('miles', 'Miles', '0.1', false)}
          {number('mileRate', 'Cost per mile', '0.01', false, "The vehicle's rate when empty")}
        </>
      ) : null}
      {type === 'EQUIPMENT' ? (
        <>
          {text('item', 'Item')}
          <Field label="Unit" error={errors.unit} required id={id('unit')}>
            <Select
              options={[
                { value: 'HOUR', label: 'Hour' },
                { value: 'DAY', label: 'Day' },
              ]}
              value={value.unit}
              onChange={(e) => onChange({ ...value, unit: e.target.value === 'DAY' ? 'DAY' : 'HOUR' })}
            />
          </Field>
          {number('quantity', 'Quantity', QTY_STEP)}
          {number('rate', 'Rate', '0.01')}
        </>
      ) : null}
      {type === 'SUBCONTRACTOR' ? (
        <>
          {pick('subcontractorId', 'Subcontractor', subcontractors)}
          {number('amount', 'Amount', '0.01')}
        </>
      ) : null}
      {type === 'OTHER' ? (
        <>
          {text('description', 'Description')}
          {number('amount', 'Amount', '0.01')}
        </>
      ) : null}
      <Field label="Date" error={errors.date} id={id('date')}>
        <Input type="date" value={value.date} onChange={set('date')} />
      </Field>
      <Field label="Notes" error={errors.notes} className="sm:col-span-2 lg:col-span-4" id={id('notes')}>
        <Textarea rows={2} maxLength={1000} value={value.notes} onChange={set('notes')} />
      </Field>
    </div>
  );
}
