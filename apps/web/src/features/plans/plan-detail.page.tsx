import { useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { AlertTriangle, CalendarPlus, Pause, Pencil, Play, StopCircle } from 'lucide-react';
import { BILLING_LABELS } from '@fieldwork/domain/plans/plans.rules';
import type { Plan, PlanVisit } from '@fieldwork/domain/plans/plans.schemas';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { Button, buttonClass } from '../../components/button';
import { Card, DetailList } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { TabPanel, Tabs } from '../../components/tabs';
import { useAuth } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { PlanStatusBadge } from '../../shared/plans/plan-badge';
import { EndPlanDialog, PushBackDialog, SkipVisitDialog, usePlanAction, useUpcomingScan } from './plan-action-dialogs';
import { visitsThisYearText } from './plan-columns';
import { ChangeFollowingDialog, ChangeVisitDialog } from './plan-visit-edit-dialogs';
import { PlanVisitsList, VisitTaskLink, type VisitAction } from './plan-visits';
import { PlanInvoices } from './plan-invoices';
import { planKeys, plansApi, type VisitsWhen } from './plans.api';

type Dialog = { kind: 'push-back' } | { kind: 'end' } | { kind: VisitAction; visit: PlanVisit } | null;

export function PlanDetailPage() {
  return (
    <WorkOrderPage>
      <PlanDetail />
    </WorkOrderPage>
  );
}

function PlanDetail() {
  const { id } = useParams({ strict: false }) as { id: string };
  const auth = useAuth();
  const tz = auth.session.company.timeZone;
  const plan = useQuery({ queryKey: planKeys.detail(id), queryFn: () => plansApi.get(id) });
  const back = <BackLink to="/plans">Service plans</BackLink>;
  if (plan.isLoading)
    return (
      <>
        <PageHeader title="Service plan" back={back} />
        <SkeletonForm fields={6} />
      </>
    );
  if (plan.error || !plan.data)
    return (
      <>
        <PageHeader title="Service plan" back={back} />
        <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />
      </>
    );
  return <PlanView plan={plan.data} timeZone={tz} canWrite={auth.can('jobs.write')} back={back} />;
}

function PlanView({ plan, timeZone, canWrite, back }: { plan: Plan; timeZone: string; canWrite: boolean; back: ReactNode }) {
  const [tab, setTab] = useState<VisitsWhen>('upcoming');
  const [dialog, setDialog] = useState<Dialog>(null);
  const today = dayIn(new Date(), timeZone);
  const pause = usePlanAction(plan, 'Plan paused');
  const resume = usePlanAction(plan, 'Plan resumed');
  const a = canWrite ? plan.actions : { edit: false, pause: false, resume: false, end: false, pushBack: false };
  // The dialogs open from state, not from a trigger of their own: focus goes back by hand to the button that opened
  // one, so a keyboard user carries on from the row they were on.
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: NonNullable<Dialog>) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  const close = () => {
    setDialog(null);
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };

  const actions = (
    <div className="flex flex-wrap gap-2">
      {a.edit ? (
        <Link to="/plans/$id/edit" params={{ id: plan.id }} className={buttonClass('secondary')}>
          <Pencil size={14} aria-hidden="true" /> Edit
        </Link>
      ) : null}
      {a.pushBack ? (
        <Button variant="secondary" onClick={() => open({ kind: 'push-back' })}>
          <CalendarPlus size={14} aria-hidden="true" /> Push back
        </Button>
      ) : null}
      {a.pause ? (
        <Button variant="secondary" loading={pause.isPending} onClick={() => pause.mutate({ action: 'pause', version: plan.version })}>
          <Pause size={14} aria-hidden="true" /> Pause
        </Button>
      ) : null}
      {a.resume ? (
        <Button variant="secondary" loading={resume.isPending} onClick={() => resume.mutate({ action: 'resume', version: plan.version })}>
          <Play size={14} aria-hidden="true" /> Resume
        </Button>
      ) : null}
      {a.end ? (
        <Button variant="danger" onClick={() => open({ kind: 'end' })}>
          <StopCircle size={14} aria-hidden="true" /> End plan
        </Button>
      ) : null}
    </div>
  );

  return (
    <>
      <PageHeader
        back={back}
        title={
          <span className="flex flex-wrap items-center gap-2">
            {plan.name} <PlanStatusBadge status={plan.status} />
          </span>
        }
        description={plan.ruleText}
        actions={actions}
      />
      <div className="space-y-4">
        <Card title="Plan">
          <DetailList
            items={[
              {
                label: 'Customer',
                value: (
                  <Link to="/customer/$id/view-profile" params={{ id: plan.customer.id }} className="text-primary hover:underline">
                    {plan.customer.name}
                  </Link>
                ),
              },
              { label: 'Site', value: plan.siteAddress.fullAddress },
              { label: 'Rule', value: plan.ruleText },
              { label: 'Next visit', value: plan.nextVisitAt ? formatDateTime(plan.nextVisitAt, timeZone) : '—' },
              { label: 'Billing', value: `${BILLING_LABELS[plan.billing]} · ${formatMoney(plan.price)}` },
              { label: 'Yearly value', value: formatMoney(plan.yearlyValue) },
              { label: 'Visits done / due this year', value: visitsThisYearText(plan) },
              {
                label: 'Job',
                value: (
                  <Link to="/workorder/jobs/$id" params={{ id: plan.job.id }} className="text-primary hover:underline">
                    Job #{plan.job.jobNumber}
                  </Link>
                ),
              },
            ]}
          />
        </Card>
        {plan.needsAttention > 0 ? <NeedsAttention plan={plan} timeZone={timeZone} /> : null}
        <Card>
          <Tabs
            aria-label="Visits"
            value={tab}
            onValueChange={(v) => setTab(v as VisitsWhen)}
            items={[
              { value: 'upcoming', label: 'Upcoming visits' },
              { value: 'past', label: 'Past visits' },
            ]}
          >
            <TabPanel value="upcoming">
              <PlanVisitsList plan={plan} when="upcoming" timeZone={timeZone} onAction={canWrite ? (kind, visit) => open({ kind, visit }) : undefined} />
            </TabPanel>
            <TabPanel value="past">
              <PlanVisitsList plan={plan} when="past" timeZone={timeZone} />
            </TabPanel>
          </Tabs>
        </Card>
        <PlanInvoices plan={plan} />
      </div>
      {dialog?.kind === 'push-back' ? <PushBackDialog plan={plan} today={today} onClose={close} /> : null}
      {dialog?.kind === 'end' ? <EndPlanDialog plan={plan} today={today} timeZone={timeZone} onClose={close} /> : null}
      {dialog?.kind === 'skip' ? <SkipVisitDialog plan={plan} visit={dialog.visit} timeZone={timeZone} onClose={close} /> : null}
      {dialog?.kind === 'change-visit' ? <ChangeVisitDialog plan={plan} visit={dialog.visit} timeZone={timeZone} onClose={close} /> : null}
      {dialog?.kind === 'change-following' ? <ChangeFollowingDialog plan={plan} visit={dialog.visit} timeZone={timeZone} onClose={close} /> : null}
    </>
  );
}

/** Visits generated while their technician was busy: created unassigned so none is lost, each waiting for a person. */
function NeedsAttention({ plan, timeZone }: { plan: Plan; timeZone: string }) {
  const scan = useUpcomingScan(plan.id);
  const visits = (scan.data?.visits ?? []).filter((v) => v.needsAttention);
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <AlertTriangle size={16} aria-hidden="true" className="text-warning" /> Needs attention ({plan.needsAttention})
        </span>
      }
    >
      <section aria-label="Needs attention" className="space-y-2 text-sm">
        <p className="text-muted">These visits were created unassigned because the technician was already booked. Open each task to assign it.</p>
        {scan.isLoading ? <SkeletonForm fields={2} /> : null}
        {scan.error ? <ErrorState error={scan.error} onRetry={() => void scan.refetch()} /> : null}
        <ul className="divide-y divide-border">
          {visits.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="tabular-nums">{v.startAt ? formatDateTime(v.startAt, timeZone) : v.occurrence}</span>
              <VisitTaskLink visit={v} />
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
