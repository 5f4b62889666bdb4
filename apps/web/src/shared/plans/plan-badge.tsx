import { Link } from '@tanstack/react-router';
import { Repeat } from 'lucide-react';
import { PLAN_STATUS_LABELS, type PlanStatus } from '@fieldwork/domain/plans/plans.rules';
import { Badge, type BadgeTone } from '../../components/badge';

export type PlanRef = { id: string; name: string };

/** Task answers name the plan a task is a visit of; older answers (and one-off tasks) have none. */
export type TaskPlanField = { id: string; plan?: PlanRef | null };
export const planOfTask = (task: TaskPlanField): PlanRef | null => task.plan ?? null;

/** How a visit's plan is named to assistive technology and in tooltips, on the badge and the mark alike. */
export const planLabel = (plan: PlanRef): string => `Service plan: ${plan.name}`;

/**
 * Marks a task as a visit of a service plan wherever tasks are listed: the plan's name, linking to the plan, so
 * the office can tell recurring work from one-off jobs and reach the rule that made it.
 */
export function PlanBadge({ plan }: { plan: PlanRef | null | undefined }) {
  if (!plan) return null;
  return (
    <Link
      to="/plans/$id"
      params={{ id: plan.id }}
      aria-label={planLabel(plan)}
      title={planLabel(plan)}
      onClick={(e) => e.stopPropagation()}
      className="inline-flex max-w-full items-center gap-1 truncate rounded-full border border-transparent bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-hover hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
    >
      <Repeat size={11} aria-hidden="true" className="shrink-0" />
      <span className="truncate">{plan.name}</span>
    </Link>
  );
}

/**
 * The badge's compact form for a calendar chip or a dispatch chart bar: only the recurring icon, named by a
 * label and a tooltip. Those entries are buttons that open the task, so the mark is not a second (nested)
 * control; the entry's own accessible name carries the plan too.
 */
export function PlanMark({ plan }: { plan: PlanRef | null | undefined }) {
  if (!plan) return null;
  return (
    <span
      role="img"
      aria-label={planLabel(plan)}
      title={planLabel(plan)}
      data-plan-mark=""
      className="inline-flex shrink-0 items-center self-center align-[-0.125em]"
    >
      <Repeat size={11} strokeWidth={2.5} aria-hidden="true" />
    </span>
  );
}

const STATUS_TONES = { active: 'success', paused: 'warning', ended: 'dark' } as const satisfies Record<PlanStatus, BadgeTone>;

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{PLAN_STATUS_LABELS[status]}</Badge>;
}
