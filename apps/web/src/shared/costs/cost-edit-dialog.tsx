import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COST_MESSAGES, COST_TYPE_LABELS, COST_TYPES, isCostType, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import { DEFAULT_ERROR_MESSAGE } from '@fieldwork/domain/common/errors.schemas';
import { ESTIMATE_STATUS_LABELS } from '@fieldwork/domain/billing/estimates.rules';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Select } from '../../components/select';
import { isApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { billingKeys, estimatesApi } from '../../features/billing/billing.api';
import { jobKeys } from '../../features/jobs/jobs.api';
import { PICKER_LIMIT } from '../../features/tasks/tasks.api';
import { useCostLookups } from './cost-calculator-lookups';
import { CostFields, costToValues, emptyCostValues, liveAmount, toCostInput, type CostFormValues } from './cost-fields';
import { costKeys, costsApi, type CostInput } from '../../features/costs/costs.api';

/** Costs move the job's totals, its margins and its estimates' margins: everything showing them reloads. */
function useInvalidateCosts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: costKeys.all }),
      queryClient.invalidateQueries({ queryKey: jobKeys.all }),
      queryClient.invalidateQueries({ queryKey: billingKeys.estimates }),
    ]);
}

/** A named record the form must keep when it saves, though it never shows it (PUT replaces the whole cost). */
const keptLinks = (cost: Cost): Partial<CostInput> => ({
  invoiceId: cost.invoiceId,
  ...(cost.costType === 'LABOR' || cost.costType === 'VEHICLE' ? { activityId: cost.activityId } : {}),
  ...(cost.costType === 'SUBCONTRACTOR' ? { bidId: cost.bidId } : {}),
});

function LiveAmount({ type, values }: { type: CostType; values: CostFormValues }) {
  const amount = liveAmount(type, values);
  return (
    <p className="mt-3 text-right text-sm text-muted" aria-live="polite">
      Amount: <span className="font-semibold text-gray-900 tabular-nums">{amount === null ? '—' : formatMoney(amount)}</span>
    </p>
  );
}

const STALE_MESSAGE = DEFAULT_ERROR_MESSAGE.STALE_VERSION;

/** Edit one cost: its type's fields prefilled, saved at the version loaded; a 409 offers to reload it. */
export function CostEditDialog({ cost: initial, onClose }: { cost: Cost; onClose: () => void }) {
  const formId = useId();
  const invalidate = useInvalidateCosts();
  const [cost, setCost] = useState(initial);
  const [values, setValues] = useState(() => costToValues(initial));
  const { people, vehicles, subcontractors } = useCostLookups(cost.costType);
  const lookups = { people, vehicles, subcontractors };
  const save = useMutation({
    mutationFn: () =>
      costsApi.update(cost.id, {
        ...toCostInput(cost.costType, values, { costFor: cost.costFor, jobId: cost.jobId, taskId: cost.taskId, estimateId: cost.estimateId }),
        ...keptLinks(cost),
        version: cost.version,
      } as CostInput & { version: number }),
    onSuccess: async () => {
      await invalidate();
      onClose();
    },
  });
  const reload = useMutation({
    mutationFn: () => costsApi.get(cost.id),
    onSuccess: (latest) => {
      setCost(latest);
      setValues(costToValues(latest));
      save.reset();
    },
  });
  const stale = isApiError(save.error) && save.error.code === 'STALE_VERSION';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <FormDialog title={`Edit ${COST_TYPE_LABELS[cost.costType]} cost`} onClose={onClose} formId={formId} submitLabel="Save" pending={save.isPending}>
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        {stale ? (
          <div
            role="alert"
            className="flex items-center justify-between gap-3 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning"
          >
            <span>{STALE_MESSAGE}</span>
            <Button type="button" variant="secondary" size="sm" loading={reload.isPending} onClick={() => reload.mutate()}>
              Reload
            </Button>
          </div>
        ) : (
          <FormAlert error={save.error ?? reload.error} />
        )}
        <CostFields type={cost.costType} value={values} onChange={setValues} {...lookups} />
        <LiveAmount type={cost.costType} values={values} />
      </form>
    </FormDialog>
  );
}

/**
 * "Add Estimated Cost" on a job: spec "Cost dialog needs an estimate selected" — the cost belongs to one of the
 * job's estimates (costFor ESTIMATE, never to a task or work period), then its type and fields.
 */
export function EstimatedCostDialog({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const formId = useId();
  const invalidate = useInvalidateCosts();
  const [estimateId, setEstimateId] = useState('');
  const [type, setType] = useState<CostType | ''>('');
  const [values, setValues] = useState<CostFormValues>(() => emptyCostValues('OTHER'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { people, vehicles, subcontractors } = useCostLookups(type || null);
  const lookups = { people, vehicles, subcontractors };
  const estimates = useQuery({
    queryKey: billingKeys.estimateList({ jobId, picker: 'costs' }),
    queryFn: () => estimatesApi.list({ page: 1, limit: PICKER_LIMIT, jobId, orderByKey: 'createdAt', orderByValue: 'desc' }),
  });
  // A void estimate is no budget: it cannot take costs meaningfully.
  const estimateOptions = (estimates.data?.data ?? [])
    .filter((e) => e.status !== 'VOID')
    .map((e) => ({ value: e.id, label: `Estimate #${e.estimateNumber} (${ESTIMATE_STATUS_LABELS[e.status]})` }));
  const save = useMutation({
    mutationFn: (body: CostInput) => costsApi.create(body),
    onSuccess: async () => {
      await invalidate();
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!estimateId) next.estimateId = COST_MESSAGES.estimateRequired;
    if (!type) next.costType = 'Cost Type is mandatory.';
    setErrors(next);
    if (Object.keys(next).length > 0 || !type) return;
    save.mutate(toCostInput(type, values, { costFor: 'ESTIMATE', jobId, estimateId }));
  };
  return (
    <FormDialog title="Add Estimated Cost" onClose={onClose} formId={formId} submitLabel="Save" pending={save.isPending}>
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <FormAlert error={save.error} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Estimate" required error={errors.estimateId}>
            <Select
              options={estimateOptions}
              placeholder={estimates.isLoading ? 'Loading…' : estimateOptions.length ? 'Select an estimate' : 'This job has no estimates'}
              value={estimateId}
              onChange={(e) => setEstimateId(e.target.value)}
            />
          </Field>
          <Field label="Cost Type" required error={errors.costType}>
            <Select
              options={COST_TYPES.map((t) => ({ value: t, label: COST_TYPE_LABELS[t] }))}
              placeholder="Select"
              value={type}
              onChange={(e) => {
                const next = e.target.value;
                setType(isCostType(next) ? next : '');
                if (isCostType(next)) setValues(emptyCostValues(next));
              }}
            />
          </Field>
        </div>
        {type ? (
          <>
            <CostFields type={type} value={values} onChange={setValues} {...lookups} />
            <LiveAmount type={type} values={values} />
          </>
        ) : null}
      </form>
    </FormDialog>
  );
}
