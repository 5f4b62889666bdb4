/**
 * Add or edit one estimated cost of an estimate (costFor ESTIMATE). The shared CostFields hold the inputs;
 * the server computes and stores the amount and recomputes the estimate's margin, so both are refetched.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { COST_TYPE_LABELS, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { isApiError } from '../../lib/api-client';
import { formatMoney, moneyInputText } from '../../lib/money';
import { billingKeys } from '../billing/billing.api';
import { useCostLookups } from '../../shared/costs/cost-calculator-lookups';
import { CostFields, costToValues, emptyCostValues, liveAmount, toCostInput, type CostFormValues } from '../../shared/costs/cost-fields';
import { costKeys, costsApi } from './costs.api';

export type CostDialogTarget = { estimateId: string; jobId: string | null; costType: CostType; cost: Cost | null };

/** The server's field messages start with the field's label ("Hours must be …"): longest labels first. */
const FIELD_OF_LABEL: readonly (readonly [string, keyof CostFormValues])[] = [
  ['Hours or Miles', 'hours'],
  ['Hourly Cost Rate', 'hourlyRate'],
  ['Cost per hour', 'hourlyRate'],
  ['Cost per mile', 'mileRate'],
  ['Subcontractor', 'subcontractorId'],
  ['Description', 'description'],
  ['Unit Cost', 'unitCost'],
  ['Quantity', 'quantity'],
  ['Supplier', 'supplier'],
  ['Vehicle', 'vehicleId'],
  ['Person', 'userId'],
  ['Amount', 'amount'],
  ['Hours', 'hours'],
  ['Miles', 'miles'],
  ['Notes', 'notes'],
  ['Item', 'item'],
  ['Unit', 'unit'],
  ['Rate', 'rate'],
  ['Date', 'date'],
];

function splitErrors(error: unknown): { fields: Record<string, string>; rest: unknown } {
  if (!isApiError(error) || error.statusCode !== 400) return { fields: {}, rest: error };
  const fields: Record<string, string> = {};
  const unmatched: string[] = [];
  for (const message of error.messages) {
    const hit = FIELD_OF_LABEL.find(([label]) => message.startsWith(`${label} `));
    if (hit && !fields[hit[1]]) fields[hit[1]] = message;
    else if (!hit) unmatched.push(message);
  }
  return { fields, rest: unmatched.length > 0 ? new Error(unmatched.join(' ')) : null };
}

export function CostCalculatorCostDialog({ target, onClose }: { target: CostDialogTarget; onClose: () => void }) {
  const { estimateId, jobId, costType, cost } = target;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CostFormValues>(() => (cost ? costToValues(cost) : emptyCostValues(costType)));
  const { costRateOf, ...lookups } = useCostLookups(costType);
  // Choosing a person fills an empty rate with their Settings cost rate, so the amount shows before saving.
  const change = (next: CostFormValues) => {
    const rate = next.userId !== values.userId && next.hourlyRate === '' ? costRateOf(next.userId) : undefined;
    setValues(rate ? { ...next, hourlyRate: moneyInputText(rate) } : next);
  };
  const save = useMutation({
    mutationFn: () => {
      const body = toCostInput(costType, values, { costFor: 'ESTIMATE', estimateId, jobId });
      return cost ? costsApi.update(cost.id, { ...body, version: cost.version }) : costsApi.create(body);
    },
    onSuccess: async () => {
      toast.success(cost ? 'Cost updated' : 'Cost added');
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: costKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.estimate(estimateId) }),
      ]);
    },
    onError: (error) => {
      // Someone else changed this cost first: reload the list so the next edit starts from their version.
      if (isApiError(error) && error.code === 'STALE_VERSION') void queryClient.invalidateQueries({ queryKey: costKeys.all });
    },
  });
  const { fields, rest } = splitErrors(save.error);
  const amount = liveAmount(costType, values);
  const label = COST_TYPE_LABELS[costType].toLowerCase();

  return (
    <FormDialog
      title={cost ? `Edit ${label} cost` : `Add ${label} cost`}
      onClose={onClose}
      formId="estimate-cost-form"
      submitLabel="Save"
      pending={save.isPending}
    >
      <form
        id="estimate-cost-form"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <FormAlert error={rest} />
        <CostFields type={costType} value={values} onChange={change} errors={fields} {...lookups} />
        <p className="flex justify-between border-t border-border pt-3 text-sm" aria-live="polite">
          <span className="text-muted">Amount</span>
          <span className="font-medium tabular-nums">{amount === null ? '—' : formatMoney(amount)}</span>
        </p>
      </form>
    </FormDialog>
  );
}
