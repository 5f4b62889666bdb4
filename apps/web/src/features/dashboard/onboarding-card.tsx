import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { Link, type LinkProps } from '@tanstack/react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import { toast } from 'sonner';
import type { Onboarding } from '@fieldwork/domain/company/onboarding.schemas';
import { Button } from '../../components/button';
import { messageOf } from '../../lib/api-client';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard } from './dashboard-card';

/** Where each setup step is done. */
const STEP_LINKS: Record<string, { to: LinkProps['to']; search?: Record<string, unknown>; params?: Record<string, string> }> = {
  timeZone: { to: '/settings/company' },
  zones: { to: '/settings/zones' },
  tags: { to: '/settings/tags' },
  technician: { to: '/settings/users' },
  customer: { to: '/customers/new' },
  job: { to: '/workorder/jobs/create' },
  scheduledTask: { to: '/workorder/scheduler/calendar' },
  estimateSent: { to: '/workorder/estimates' },
  invoicePaid: { to: '/workorder/invoices' },
};

export function OnboardingCard({ readOnly }: { readOnly: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: dashboardKeys.onboarding, queryFn: dashboardApi.onboarding });
  const dismiss = useMutation({
    mutationFn: dashboardApi.dismissOnboarding,
    onSuccess: (data) => queryClient.setQueryData(dashboardKeys.onboarding, data),
    onError: (error) => toast.error(messageOf(error)),
  });
  // Dismissed or finished checklists leave no empty slot behind: the card is for companies still setting up.
  if (query.data?.dismissed || (query.data && query.data.total > 0 && query.data.completed >= query.data.total)) return null;
  return (
    <DashboardCard
      title={DASHBOARD_CARD_LABELS.onboarding}
      query={query}
      actions={
        !readOnly && query.data ? (
          <Button variant="ghost" size="sm" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
            Dismiss
          </Button>
        ) : null
      }
    >
      {(o) => <Checklist onboarding={o} readOnly={readOnly} />}
    </DashboardCard>
  );
}

function Checklist({ onboarding: o, readOnly }: { onboarding: Onboarding; readOnly: boolean }) {
  return (
    <>
      <p className="mb-2 text-xs text-muted">
        {o.completed} of {o.total} done
      </p>
      <div className="mb-3 h-1.5 rounded-full bg-gray-100" aria-hidden="true">
        <div className="h-1.5 rounded-full bg-success" style={{ width: `${o.total ? (o.completed / o.total) * 100 : 0}%` }} />
      </div>
      <ul className="space-y-1.5 text-sm">
        {o.items.map((item) => {
          const link = STEP_LINKS[item.key];
          return (
            <li key={item.key} className="flex items-center gap-2">
              {item.done ? (
                <CheckCircle2 size={16} className="shrink-0 text-success" aria-label="Done" role="img" />
              ) : (
                <Circle size={16} className="shrink-0 text-gray-400" aria-label="To do" role="img" />
              )}
              {link && !item.done && !readOnly ? (
                <Link to={link.to} search={link.search as never} className="text-primary hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span className={item.done ? 'text-muted line-through' : 'text-gray-900'}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
