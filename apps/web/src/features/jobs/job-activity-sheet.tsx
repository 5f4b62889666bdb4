import { ActivityLog } from '../../components/activity-log';
import { SideSheet } from '../../components/side-sheet';
import { jobKeys, jobsApi } from './jobs.api';

export type JobActivitySheetProps = { jobId: string; open: boolean; onOpenChange: (open: boolean) => void; timeZone?: string };

/** Everything that happened to the job, newest first, with who did it and the field-level changes. */
export function JobActivitySheet({ jobId, open, onOpenChange, timeZone }: JobActivitySheetProps) {
  return (
    <SideSheet open={open} onOpenChange={onOpenChange} width={600} title="Activity log">
      <ActivityLog queryKey={jobKeys.activities(jobId)} fetchPage={(page) => jobsApi.activities(jobId, page)} enabled={open} timeZone={timeZone} />
    </SideSheet>
  );
}
