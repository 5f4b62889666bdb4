import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MAX_PUSH_BACK_DAYS, PLAN_MESSAGES } from '@fieldwork/domain/plans/plans.rules';
import type { Plan, PlanVisit } from '@fieldwork/domain/plans/plans.schemas';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { Skeleton } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { planKeys, plansApi, type PlanActionRequest } from './plans.api';

/**
 * One plan action, then the plan and every list of it (visits included) are fresh. A refusal is a toast, unless the
 * dialog sending it shows it beside the fields it concerns (errorsInline).
 */
export function usePlanAction(plan: Plan, success: string, onDone?: () => void, o: { errorsInline?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanActionRequest) => plansApi.act(plan.id, body),
    onSuccess: async (updated) => {
      queryClient.setQueryData(planKeys.detail(plan.id), updated);
      toast.success(success);
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
    onError: (error) => (o.errorsInline ? undefined : toast.error('Failure', { description: messageOf(error) })),
  });
}

export const SCAN_PAGE_SIZE = 100;
/** A plan has at most 100 visits generated ahead; skipped ones stay listed, so a few pages cover any plan. */
const MAX_SCAN_PAGES = 20;

/**
 * Every upcoming visit of the plan, soonest first (skipped ones included, as the API lists them): what needs
 * attention and exactly what ending the plan cancels.
 */
export function useUpcomingScan(planId: string, enabled = true) {
  return useQuery({
    queryKey: [...planKeys.visits(planId), 'upcoming-scan'],
    queryFn: async () => {
      const visits: PlanVisit[] = [];
      let total = 0;
      for (let page = 1; page <= MAX_SCAN_PAGES; page++) {
        const answer = await plansApi.visits(planId, 'upcoming', page, SCAN_PAGE_SIZE);
        visits.push(...answer.data);
        total = answer.pagination.totalItems;
        if (!answer.data.length || visits.length >= total) break;
      }
      return { visits, total };
    },
    enabled,
  });
}

/**
 * How many visits ending the plan on `endDate` cancels: the un-started ones whose local day is after it. Upcoming
 * visits come soonest first, so any visit past those scanned is later than all of them and counts too.
 */
export function cancelledByEnd(visits: readonly PlanVisit[], total: number, endDate: string, timeZone: string): number {
  const kept = visits.filter((v) => v.lifecycle !== 'OPEN' || !v.startAt || dayIn(v.startAt, timeZone) <= endDate).length;
  return Math.max(0, total - kept);
}

export function PushBackDialog({ plan, today, onClose }: { plan: Plan; today: string; onClose: () => void }) {
  const formId = useId();
  const [fromDate, setFromDate] = useState(today);
  const [days, setDays] = useState('3');
  const [invalid, setInvalid] = useState<string | null>(null);
  const push = usePlanAction(plan, 'Visits pushed back', onClose);
  const send = () => {
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PUSH_BACK_DAYS) return setInvalid(`Push back by 1 to ${MAX_PUSH_BACK_DAYS} days.`);
    if (!fromDate) return setInvalid('From date must be a date (YYYY-MM-DD).');
    setInvalid(null);
    push.mutate({ action: 'push_back', fromDate, days: n, version: plan.version });
  };
  return (
    <FormDialog
      title="Push back visits"
      description="Every visit from this date that has not started moves later by the same number of days, at the same time."
      onClose={onClose}
      formId={formId}
      submitLabel="Push back"
      pending={push.isPending}
    >
      <form
        id={formId}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <div className="sm:col-span-2">
          <FormAlert error={push.error} />
        </div>
        <Field label="From date" id="push-back-from" required>
          <Input type="date" value={fromDate} onChange={(e) => setFromDate(e.target.value)} />
        </Field>
        <Field label="Days" id="push-back-days" required error={invalid ?? undefined}>
          <Input type="number" inputMode="numeric" min={1} max={MAX_PUSH_BACK_DAYS} value={days} onChange={(e) => setDays(e.target.value)} />
        </Field>
      </form>
    </FormDialog>
  );
}

export function EndPlanDialog({ plan, today, timeZone, onClose }: { plan: Plan; today: string; timeZone: string; onClose: () => void }) {
  const scan = useUpcomingScan(plan.id);
  const end = usePlanAction(plan, 'Plan ended', onClose);
  const count = scan.data ? cancelledByEnd(scan.data.visits, scan.data.total, today, timeZone) : null;
  const next = scan.data?.visits.find((v) => v.lifecycle === 'OPEN' && v.startAt && dayIn(v.startAt, timeZone) > today);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open || end.isPending ? undefined : onClose())}
      title="End plan"
      description={
        count === null ? (
          <Skeleton className="h-4 w-64" />
        ) : (
          <span className="space-y-1">
            <span className="block">{PLAN_MESSAGES.endConfirmation(count)}</span>
            {next?.startAt ? <span className="block text-xs">Next visit: {formatDateTime(next.startAt, timeZone)}</span> : null}
          </span>
        )
      }
      confirmLabel="End plan"
      destructive
      loading={end.isPending || count === null}
      onConfirm={() => {
        if (count === null) return;
        end.mutate(
          { action: 'end', endDate: today, expectedCancelled: count, version: plan.version },
          // A 409 means the visits changed since the count was shown: show the new count before trying again.
          { onError: () => void scan.refetch() },
        );
      }}
    />
  );
}

export function SkipVisitDialog({ plan, visit, timeZone, onClose }: { plan: Plan; visit: PlanVisit; timeZone: string; onClose: () => void }) {
  const skip = usePlanAction(plan, 'Visit skipped', onClose);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open || skip.isPending ? undefined : onClose())}
      title="Skip visit"
      description={`Skip the visit on ${visit.startAt ? formatDateTime(visit.startAt, timeZone) : visit.occurrence}? It will be cancelled; the plan goes on.`}
      confirmLabel="Skip visit"
      destructive
      loading={skip.isPending}
      onConfirm={() => skip.mutate({ action: 'skip', visitId: visit.id, version: plan.version })}
    />
  );
}
