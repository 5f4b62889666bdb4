import { ConfirmDialog } from '../../components/confirm-dialog';
import { taskNumberText } from './task-status-badge';
import { useCancelTask, useReopenTask } from './use-task-mutations';

type TaskRef = { id: string; taskNumber: number; name: string };

type Props = {
  /** The task asked about; null keeps the dialog closed. */
  task: TaskRef | null;
  onClose: () => void;
};

const KINDS = {
  delete: { title: 'Delete task?', outcome: 'will be cancelled. This cannot be undone.', confirmLabel: 'Delete', destructive: true, useAction: useCancelTask },
  reopen: { title: 'Reopen task?', outcome: 'will be open for work again.', confirmLabel: 'Reopen', destructive: false, useAction: useReopenTask },
} as const;

function TaskConfirmDialog({ kind, task, onClose }: Props & { kind: keyof typeof KINDS }) {
  const k = KINDS[kind];
  const action = k.useAction(onClose);
  return (
    <ConfirmDialog
      open={task !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={k.title}
      description={task ? `Task ${taskNumberText(task.taskNumber)} · ${task.name} ${k.outcome}` : ''}
      confirmLabel={k.confirmLabel}
      destructive={k.destructive}
      loading={action.isPending}
      onConfirm={() => task && action.mutate(task.id)}
    />
  );
}

/** Delete confirmation: a deleted task is cancelled, which is final. */
export const DeleteTaskDialog = (props: Props) => <TaskConfirmDialog kind="delete" {...props} />;

export const ReopenTaskDialog = (props: Props) => <TaskConfirmDialog kind="reopen" {...props} />;
