import { useRouter } from '@tanstack/react-router';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';

/** Spec route of the add-costs page (built with the costs issue). */
export const actualCostsHref = (task: { id: string; jobId: string }) =>
  `/workorder/task-details/actual-costs?taskId=${encodeURIComponent(task.id)}&jobId=${encodeURIComponent(task.jobId)}`;

export type ClockOutSuccessDialogProps = {
  /** The task just clocked out; null keeps the dialog closed. */
  task: { id: string; jobId: string } | null;
  onClose: () => void;
};

/** "Task has been clocked out successfully! Do you want to add costs?" — later, or straight to the costs page. */
export function ClockOutSuccessDialog({ task, onClose }: ClockOutSuccessDialogProps) {
  // Outside a router (a bare test render) the browser navigates itself.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const addCosts = () => {
    if (!task) return;
    const href = actualCostsHref(task);
    onClose();
    if (router) router.history.push(href);
    else window.location.assign(href);
  };
  return (
    <Dialog
      open={task !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={CLOCK_MESSAGES.clockOutSuccess}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CLOCK_MESSAGES.clockOutLater}
          </Button>
          <Button onClick={addCosts} autoFocus>
            {CLOCK_MESSAGES.addCosts}
          </Button>
        </>
      }
    />
  );
}
