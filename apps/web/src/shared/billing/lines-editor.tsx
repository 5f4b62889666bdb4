import type { ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { CatalogueItem } from '@fieldwork/domain/billing/catalogue.schemas';
import { MAX_LINES, formatCents } from '@fieldwork/domain/common/money.rules';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { FieldError } from '../../components/field';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { useIsDesktop } from '../../lib/use-media-query';
import { CataloguePicker } from './catalogue-picker';
import { emptyLine, useLiveTotals, type DocumentFormValues, type LineValues } from './use-document-form';

export function catalogueLine(item: CatalogueItem): LineValues {
  return {
    name: item.name,
    description: item.description ?? '',
    qty: '1',
    rate: String(item.rate),
    isTaxable: item.isTaxable,
    taxPercent: String(item.taxPercent),
    serviceId: item.id,
  };
}

type LineControls = {
  name: ReactNode;
  description: ReactNode;
  qty: ReactNode;
  rate: ReactNode;
  taxable: ReactNode;
  taxPercent: ReactNode;
  amount: string;
  actions: ReactNode;
};

/**
 * The product/service lines: a table on desktop, stacked cards on phones (one layout at a time, so every
 * input is registered once). Lines come from the catalogue or as free text; each can move up or down or go.
 */
export function LinesEditor({ form }: { form: UseFormReturn<DocumentFormValues> }) {
  const desktop = useIsDesktop();
  const live = useLiveTotals(form.control);
  const lineValues = useWatch({ control: form.control, name: 'lines' });
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'lines' });
  const errors = form.formState.errors.lines;
  const full = fields.length >= MAX_LINES;

  const controlsOf = (i: number): LineControls => {
    const n = i + 1;
    const err = errors?.[i];
    const errorOf = (message: string | undefined, key: string) => <FieldError id={`line-${i}-${key}-error`} message={message} />;
    const described = (key: string, message: string | undefined) => (message ? { 'aria-describedby': `line-${i}-${key}-error`, invalid: true } : {});
    const taxable = lineValues[i]?.isTaxable ?? false;
    return {
      name: (
        <>
          <Input
            aria-label={`Name of line ${n}`}
            placeholder="Product or service"
            {...described('name', err?.name?.message)}
            {...form.register(`lines.${i}.name`)}
          />
          {errorOf(err?.name?.message, 'name')}
        </>
      ),
      description: (
        <>
          <Textarea
            aria-label={`Description of line ${n}`}
            placeholder="Description"
            rows={2}
            {...described('description', err?.description?.message)}
            {...form.register(`lines.${i}.description`)}
          />
          {errorOf(err?.description?.message, 'description')}
        </>
      ),
      qty: (
        <>
          <Input
            aria-label={`Quantity of line ${n}`}
            inputMode="decimal"
            className="text-right"
            {...described('qty', err?.qty?.message)}
            {...form.register(`lines.${i}.qty`)}
          />
          {errorOf(err?.qty?.message, 'qty')}
        </>
      ),
      rate: (
        <>
          <Input
            aria-label={`Rate of line ${n}`}
            inputMode="decimal"
            className="text-right"
            placeholder="0.00"
            {...described('rate', err?.rate?.message)}
            {...form.register(`lines.${i}.rate`)}
          />
          {errorOf(err?.rate?.message, 'rate')}
        </>
      ),
      taxable: (
        <Controller
          control={form.control}
          name={`lines.${i}.isTaxable`}
          render={({ field }) => <Checkbox aria-label={`Taxable line ${n}`} checked={field.value} onCheckedChange={field.onChange} />}
        />
      ),
      taxPercent: (
        <>
          <Input
            aria-label={`Tax % of line ${n}`}
            inputMode="decimal"
            className="text-right"
            disabled={!taxable}
            {...described('taxPercent', err?.taxPercent?.message)}
            {...form.register(`lines.${i}.taxPercent`)}
          />
          {errorOf(err?.taxPercent?.message, 'taxPercent')}
        </>
      ),
      amount: live.ok ? formatCents(live.totals.lines[i]?.totalCents ?? 0) : '—',
      actions: (
        <div className="flex justify-end gap-0.5">
          <Button variant="ghost" size="icon" aria-label={`Move line ${n} up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
            <ArrowUp size={14} aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Move line ${n} down`} disabled={i === fields.length - 1} onClick={() => swap(i, i + 1)}>
            <ArrowDown size={14} aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Remove line ${n}`} onClick={() => remove(i)}>
            <Trash2 size={14} aria-hidden="true" />
          </Button>
        </div>
      ),
    };
  };

  return (
    <Card title="Products & Services">
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="doc-catalogue" className="sr-only">
          Add from catalogue
        </label>
        <div className="min-w-0 flex-1">
          <CataloguePicker id="doc-catalogue" disabled={full} onPick={(item) => append(catalogueLine(item), { shouldFocus: false })} />
        </div>
        <Button variant="secondary" disabled={full} onClick={() => append(emptyLine())}>
          <Plus size={14} aria-hidden="true" /> Add line
        </Button>
      </div>
      <FieldError message={errors?.root?.message ?? errors?.message} />
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-3 py-6 text-center text-sm text-muted">
          No lines yet. Search the catalogue or add a free-text line.
        </p>
      ) : desktop ? (
        <LinesTable rows={fields.map((f, i) => ({ key: f.id, ...controlsOf(i) }))} />
      ) : (
        <ol className="space-y-3" aria-label="Lines">
          {fields.map((f, i) => (
            <LineCard key={f.id} n={i + 1} {...controlsOf(i)} />
          ))}
        </ol>
      )}
    </Card>
  );
}

const TH = 'px-2 py-2 text-left text-xs font-medium text-muted uppercase';

function LinesTable({ rows }: { rows: (LineControls & { key: string })[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] border-collapse text-sm">
        <thead>
          <tr className="border-b border-border">
            <th className={TH}>Product/Service</th>
            <th className={`${TH} w-16 text-right`}>Qty</th>
            <th className={`${TH} w-24 text-right`}>Rate</th>
            <th className={`${TH} w-14 text-center`}>Taxable</th>
            <th className={`${TH} w-20 text-right`}>Tax %</th>
            <th className={`${TH} w-24 text-right`}>Amount</th>
            <th className={`${TH} w-24`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-border align-top last:border-0">
              <td className="space-y-1.5 px-2 py-2">
                {r.name}
                {r.description}
              </td>
              <td className="px-2 py-2">{r.qty}</td>
              <td className="px-2 py-2">{r.rate}</td>
              <td className="px-2 py-2">
                <div className="flex h-9 items-center justify-center">{r.taxable}</div>
              </td>
              <td className="px-2 py-2">{r.taxPercent}</td>
              <td className="px-2 py-2 text-right tabular-nums">
                <div className="flex h-9 items-center justify-end">{r.amount}</div>
              </td>
              <td className="px-2 py-2">{r.actions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LineCard({ n, ...c }: LineControls & { n: number }) {
  const label = 'block text-xs font-medium text-muted';
  return (
    <li className="rounded-md border border-border p-3">
      <div className="mb-2 flex items-center justify-between">
        <span className="text-xs font-semibold text-muted uppercase">Line {n}</span>
        {c.actions}
      </div>
      <div className="space-y-2">
        {c.name}
        {c.description}
        <div className="grid grid-cols-2 gap-2">
          <div>
            <span className={label}>Qty</span>
            {c.qty}
          </div>
          <div>
            <span className={label}>Rate</span>
            {c.rate}
          </div>
          <div className="flex items-end gap-2 pb-2">
            {c.taxable}
            <span className="text-sm">Taxable</span>
          </div>
          <div>
            <span className={label}>Tax %</span>
            {c.taxPercent}
          </div>
        </div>
        <div className="flex justify-between border-t border-border pt-2 text-sm">
          <span className="text-muted">Amount</span>
          <span className="font-medium tabular-nums">{c.amount}</span>
        </div>
      </div>
    </li>
  );
}
