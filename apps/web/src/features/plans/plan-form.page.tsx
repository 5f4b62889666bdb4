import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { Plan } from '@fieldwork/domain/plans/plans.schemas';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { PlanForm, type PlanFormSubmit } from './plan-form';
import { emptyPlanValues, planToValues } from './plan-form.schema';
import { planKeys, plansApi } from './plans.api';

export type PlanCreateSearch = { customerId?: string };

/** Saves the form (create or edit) and opens the plan's page, refreshing every plan list and the plan itself. */
function useSavePlan(planId?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (submit: PlanFormSubmit) => (submit.kind === 'create' ? plansApi.create(submit.body) : plansApi.update(planId ?? '', submit.body)),
    onSuccess: async (plan: Plan, submit) => {
      toast.success(submit.kind === 'create' ? `Plan "${plan.name}" created` : 'Plan saved');
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
      void navigate({ to: '/plans/$id', params: { id: plan.id } });
    },
  });
}

export function PlanCreatePage() {
  return (
    <WorkOrderPage>
      <PlanCreate />
    </WorkOrderPage>
  );
}

function PlanCreate() {
  const auth = useAuth();
  const navigate = useNavigate();
  const search: PlanCreateSearch = useSearch({ strict: false });
  const tz = auth.session.company.timeZone;
  // One "now" per visit of the page keeps the preview still while the user types.
  const [now] = useState(() => new Date());
  const save = useSavePlan();
  return (
    <>
      <PageHeader title="New service plan" back={<BackLink to="/plans">Service plans</BackLink>} />
      <PlanForm
        mode="create"
        defaultValues={emptyPlanValues(dayIn(now, tz), search.customerId)}
        timeZone={tz}
        now={now}
        pending={save.isPending}
        serverError={save.error}
        onSubmit={(s) => save.mutate(s)}
        onCancel={() => void navigate({ to: '/plans' })}
      />
    </>
  );
}

export function PlanEditPage() {
  return (
    <WorkOrderPage>
      <PlanEdit />
    </WorkOrderPage>
  );
}

function PlanEdit() {
  const { id } = useParams({ strict: false }) as { id: string };
  const auth = useAuth();
  const navigate = useNavigate();
  const tz = auth.session.company.timeZone;
  const [now] = useState(() => new Date());
  const plan = useQuery({ queryKey: planKeys.detail(id), queryFn: () => plansApi.get(id) });
  const save = useSavePlan(id);
  const back = (
    <BackLink to="/plans/$id" params={{ id }}>
      {plan.data?.name ?? 'Plan'}
    </BackLink>
  );
  if (plan.isLoading)
    return (
      <>
        <PageHeader title="Edit service plan" back={back} />
        <SkeletonForm fields={8} />
      </>
    );
  if (plan.error || !plan.data)
    return (
      <>
        <PageHeader title="Edit service plan" back={back} />
        <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />
      </>
    );
  return (
    <>
      <PageHeader title="Edit service plan" description="A changed schedule applies from today on; past visits keep their history." back={back} />
      <PlanForm
        mode="edit"
        defaultValues={planToValues(plan.data)}
        version={plan.data.version}
        timeZone={tz}
        now={now}
        pending={save.isPending}
        serverError={save.error}
        onSubmit={(s) => save.mutate(s)}
        onCancel={() => void navigate({ to: '/plans/$id', params: { id } })}
      />
    </>
  );
}
