/**
 * Add actual costs (/workorder/task-details/actual-costs?taskId&jobId). With a
 * task, labor and vehicle lines start prefilled from its finished work periods; with a job alone, costs go on
 * the job without a task. Every line is a JOB cost; the server computes each amount, the page mirrors it live.
 */
import { useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { COST_TYPES } from '@fieldwork/domain/jobs/costs.rules';
import { Button, buttonClass } from '../../components/button';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { formatMoney } from '../../lib/money';
import { jobNumberText } from '../../shared/jobs/job-status-badge';
import { jobKeys, jobsApi } from '../jobs/jobs.api';
import { taskNumberText } from '../../shared/tasks/task-status-badge';
import { taskKeys, tasksApi } from '../tasks/tasks.api';
import { ActualCostExisting } from './actual-cost-existing';
import { ActualCostSection } from './actual-cost-section';
import { linesTotal, manualLine, useActualCostLines } from './actual-costs-lines';
import { useCostPickerOptions } from './actual-costs-options';
import { costKeys, costsApi } from './costs.api';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/** Said when the task's addCost action is hidden or refused without a reason of its own (spec: add cost rules). */
export const ADD_COST_REFUSED =
  'Costs can be added only while the task is clocked in or clocked out, or its job is open, and never to an unassigned or cancelled task.';
export const SAVED_TEXT = (n: number) => `${n} ${n === 1 ? 'cost' : 'costs'} saved.`;

type Search = { taskId?: string; jobId?: string };

export function ActualCostsPage() {
  const search: Search = useSearch({ strict: false });
  const auth = useAuth();
  const timeZone = auth.session.company.timeZone;
  const taskId = search.taskId;
  const task = useQuery({ queryKey: taskKeys.detail(taskId ?? ''), queryFn: () => tasksApi.get(taskId!), enabled: !!taskId });
  const jobId = task.data?.jobId ?? search.jobId;
  const canJobs = auth.can('jobs.read');
  const job = useQuery({ queryKey: jobKeys.detail(jobId ?? ''), queryFn: () => jobsApi.get(jobId!), enabled: !taskId && !!jobId && canJobs });
  const addCost = task.data?.actions.addCost;
  const allowed = !taskId || (addCost?.visible === true && addCost.allowed);
  const suggestions = useQuery({
    queryKey: costKeys.suggestions(taskId ?? ''),
    queryFn: () => costsApi.suggestions(taskId!),
    enabled: !!taskId && allowed && task.isSuccess,
  });
  const keptLabel = task.data ? `Cost · task ${taskNumberText(task.data.taskNumber)} ${task.data.name}` : undefined;
  const { lines, update, add, remove, save, saving } = useActualCostLines({ jobId, taskId, suggestions: suggestions.data, keptLabel });
  const options = useCostPickerOptions();
  const [savedCount, setSavedCount] = useState(0);

  const title = 'Add actual costs';
  if (!taskId && !search.jobId) return <ErrorState title={title} error={new Error('Open this page from a task or a job.')} />;
  if (task.isLoading) return <SkeletonForm fields={6} />;
  if (task.isError) return <ErrorState error={task.error} onRetry={() => void task.refetch()} />;

  const jobRef = task.data?.job ?? job.data;
  const jobLink = jobRef ? (
    canJobs ? (
      <Link to="/workorder/jobs/$id" params={{ id: jobRef.id }} className="font-medium text-primary hover:underline">
        Job {jobNumberText(jobRef.jobNumber)}
      </Link>
    ) : (
      <>Job {jobNumberText(jobRef.jobNumber)}</>
    )
  ) : null;
  const description = (
    <>
      {task.data ? (
        <>
          Task {taskNumberText(task.data.taskNumber)} · {task.data.name}
          {jobLink ? ' · ' : null}
        </>
      ) : null}
      {jobLink}
      {jobRef && !task.data ? ` · ${jobRef.name}` : null}
    </>
  );

  const included = lines.filter((l) => l.include);
  const onSave = async () => {
    const result = await save();
    if (result.saved > 0) {
      setSavedCount((n) => n + result.saved);
      toast.success(SAVED_TEXT(result.saved));
    }
    if (result.failed > 0) toast.error(`${result.failed} ${result.failed === 1 ? 'line was' : 'lines were'} not saved: see the messages below.`);
  };
  const costsLink =
    jobId && canJobs ? (
      <Link to="/workorder/jobs/$id" params={{ id: jobId }} search={{ tf_tab: 'costs' }} className={buttonClass(savedCount > 0 ? 'primary' : 'secondary')}>
        View job costs
      </Link>
    ) : null;

  return (
    <div className="pb-24">
      <PageHeader title={title} description={description} actions={costsLink} />
      {savedCount > 0 ? (
        <p role="status" className="mb-4 rounded-md border border-success/40 bg-success-soft p-3 text-sm text-gray-900">
          {SAVED_TEXT(savedCount)}
        </p>
      ) : null}
      {!allowed ? (
        <p role="alert" className="mb-4 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-gray-900">
          {addCost?.reason ?? ADD_COST_REFUSED}
        </p>
      ) : (
        <>
          {suggestions.isError ? <p className="mb-3 text-sm text-danger">The work periods could not be loaded; add the lines by hand.</p> : null}
          <div className="space-y-4">
            {COST_TYPES.map((type) => (
              <ActualCostSection
                key={type}
                type={type}
                lines={lines.filter((l) => l.type === type)}
                timeZone={timeZone}
                {...options}
                disabled={saving}
                onAdd={() => add(manualLine(type, dayIn(new Date(), timeZone)))}
                onUpdate={update}
                onRemove={remove}
              />
            ))}
          </div>
          <div role="region" aria-label="Save costs" className="fixed inset-x-0 bottom-0 z-20 border-t border-border bg-white px-4 py-3 lg:left-56">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                Total: <span className="text-base font-semibold text-gray-900">{formatMoney(linesTotal(lines))}</span>
                <span className="ml-2 text-muted">
                  ({included.length} of {lines.length} {lines.length === 1 ? 'line' : 'lines'})
                </span>
              </p>
              <Button onClick={() => void onSave()} loading={saving} disabled={saving || included.length === 0 || !jobId}>
                Save
              </Button>
            </div>
          </div>
        </>
      )}
      {jobId ? <ActualCostExisting taskId={taskId} jobId={jobId} /> : null}
    </div>
  );
}
