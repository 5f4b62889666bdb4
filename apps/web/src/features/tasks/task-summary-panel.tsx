import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarX2 } from 'lucide-react';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { Card, DetailList } from '../../components/card';
import { jobNumberText } from '../../shared/jobs/job-status-badge';

export const UNSCHEDULED_TEXT = 'This task is unscheduled';

const none = <span className="text-muted">—</span>;

/** Spec: the task summary panel "Customer & Location": customer name, job number, site address, building/unit, requested by. */
export function TaskSummaryPanel({ task, canOpenJob, canOpenCustomer }: { task: Task; canOpenJob: boolean; canOpenCustomer: boolean }) {
  const link = (to: string, text: string, allowed: boolean): ReactNode =>
    allowed ? (
      <Link to={to} className="text-primary hover:underline">
        {text}
      </Link>
    ) : (
      text
    );
  return (
    <Card title="Customer & Location">
      {task.status === 'UNSCHEDULED' ? (
        <p role="status" className="mb-3 flex items-center gap-2 rounded-md bg-warning-soft px-3 py-2 text-sm font-medium text-warning">
          <CalendarX2 size={16} aria-hidden="true" /> {UNSCHEDULED_TEXT}
        </p>
      ) : null}
      <DetailList
        items={[
          { label: 'Customer Name', value: link(`/customer/${task.customer.id}/view-profile`, task.customer.name, canOpenCustomer) },
          { label: 'Job Number', value: link(`/workorder/jobs/${task.job.id}`, jobNumberText(task.job.jobNumber), canOpenJob) },
          { label: 'Site Address', value: task.siteAddress?.fullAddress || none },
          { label: 'Building/Unit', value: task.buildingUnit?.buildingUnit || none },
          { label: 'Requested By', value: task.requester?.name || none },
        ]}
      />
    </Card>
  );
}
