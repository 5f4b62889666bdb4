/**
 * One cost type's estimated costs of an estimate, with add, edit and delete. The list asks only for this
 * estimate's ESTIMATE costs of the type; jobId is never sent (the spec drops it when estimateId is present).
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { COST_TYPE_LABELS, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { Pagination } from '../../components/pagination';
import { SkeletonRows } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { billingKeys } from '../billing/billing.api';
import { formatDay } from '../../shared/billing/document-preview';
import { CostCalculatorCostDialog, type CostDialogTarget } from './cost-calculator-cost-dialog';
import { costKeys, costsApi, type CostListParams } from './costs.api';

export const ESTIMATE_COSTS_PAGE_SIZE = 20;

const qty = (n: number | null) => (n ?? 0).toLocaleString('en-US', { maximumFractionDigits: 3 });

/** What the cost is, in one line: its type's own figures. */
export function describeCost(c: Cost): string {
  switch (c.costType) {
    case 'LABOR':
      return `${c.user?.name ?? 'Unknown person'} · ${qty(c.hours)} h × ${formatMoney(c.hourlyRate)}`;
    case 'MATERIAL':
      return `${c.item ?? ''} · ${qty(c.quantity)} × ${formatMoney(c.unitCost)}${c.supplier ? ` · ${c.supplier}` : ''}`;
    case 'VEHICLE': {
      const parts = [c.hours ? `${qty(c.hours)} h × ${formatMoney(c.hourlyRate)}` : null, c.miles ? `${qty(c.miles)} mi × ${formatMoney(c.mileRate)}` : null];
      return [c.vehicle?.name ?? 'Unknown vehicle', ...parts.filter(Boolean)].join(' · ');
    }
    case 'EQUIPMENT':
      return `${c.item ?? ''} · ${qty(c.quantity)} ${c.unit === 'DAY' ? 'day(s)' : 'h'} × ${formatMoney(c.rate)}`;
    case 'SUBCONTRACTOR':
      return c.subcontractor?.name ?? 'Unknown subcontractor';
    case 'OTHER':
      return c.description ?? '';
  }
}

type Props = { estimateId: string; jobId: string | null; costType: CostType };

export function CostCalculatorList({ estimateId, jobId, costType }: Props) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<CostDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Cost | null>(null);
  const params: CostListParams = { page, limit: ESTIMATE_COSTS_PAGE_SIZE, estimateId, costType, costFor: 'ESTIMATE' };
  const list = useQuery({ queryKey: costKeys.list(params), queryFn: () => costsApi.list(params), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (c: Cost) => costsApi.remove(c.id, c.costType),
    onSuccess: async () => {
      toast.success('Cost deleted');
      setDeleting(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: costKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.estimate(estimateId) }),
      ]);
    },
    onError: (e) => toast.error(messageOf(e)),
  });
  const label = COST_TYPE_LABELS[costType];
  const open = (cost: Cost | null) => setDialog({ estimateId, jobId, costType, cost });
  const addButton = (
    <Button onClick={() => open(null)}>
      <Plus size={14} aria-hidden="true" /> Add {label.toLowerCase()} cost
    </Button>
  );

  let body;
  if (list.isLoading) body = <SkeletonRows rows={3} label={`Loading ${label.toLowerCase()} costs`} />;
  else if (list.error || !list.data) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.data.length === 0)
    body = (
      <EmptyState title={`No ${label.toLowerCase()} costs yet`} description="Estimated costs you add here lower the estimate's margin." action={addButton} />
    );
  else
    body = (
      <>
        <ul aria-label={`${label} costs`} className="divide-y divide-border rounded-md border border-border bg-white">
          {list.data.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium break-words text-gray-900">{describeCost(c)}</p>
                <p className="text-xs text-muted">
                  {formatDay(c.date)}
                  {c.notes ? ` · ${c.notes}` : ''}
                </p>
              </div>
              <span className="ml-auto font-medium tabular-nums">{formatMoney(c.amount)}</span>
              <span className="flex gap-1">
                <Button variant="ghost" size="icon" aria-label={`Edit ${describeCost(c)}`} onClick={() => open(c)}>
                  <Pencil size={14} aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${describeCost(c)}`} onClick={() => setDeleting(c)}>
                  <Trash2 size={14} aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
        {list.data.pagination.totalPages > 1 ? (
          <Pagination
            page={page}
            totalPages={list.data.pagination.totalPages}
            totalItems={list.data.pagination.totalItems}
            pageSize={ESTIMATE_COSTS_PAGE_SIZE}
            onPageChange={setPage}
          />
        ) : null}
      </>
    );

  return (
    <section aria-label={`${label} estimated costs`} className="space-y-3">
      {list.data && list.data.data.length > 0 ? <div className="flex justify-end">{addButton}</div> : null}
      {body}
      {dialog ? <CostCalculatorCostDialog target={dialog} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Delete cost"
        description={deleting ? `Delete ${describeCost(deleting)} (${formatMoney(deleting.amount)})? The estimate's margin is recomputed.` : ''}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
