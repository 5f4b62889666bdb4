import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { buttonClass } from '../../components/button';
import { formPageFallback } from '../../components/form-page-fallback';
import { NoticePanel, StaleVersionNotice } from '../../components/notice-panel';
import { BackLink, PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { useRecordEdit } from '../../lib/use-record-save';
import { jobOptionLabel } from '../../shared/tasks/task-pickers';
import { TaskForm } from './task-form';
import { taskToValues, toUpdateTaskBody, type TaskFormOutput } from './task-form.schema';
import { taskNumberText } from '../../shared/tasks/task-status-badge';
import { taskKeys, tasksApi } from './tasks.api';

export function TaskEditPage() {
  const { taskId = '' } = useParams({ strict: false });
  const auth = useAuth();
  const navigate = useNavigate();
  const tz = auth.session.company.timeZone;
  const toTask = (): void => void navigate({ to: '/workorder/scheduler/view/$taskId', params: { taskId } });

  const { record: task, save } = useRecordEdit<Task, TaskFormOutput & { version?: number }, Task>({
    detailKey: taskKeys.detail(taskId),
    load: () => tasksApi.get(taskId),
    update: (body: TaskFormOutput & { version: number }) => tasksApi.update(taskId, toUpdateTaskBody(body, body.version)),
    invalidate: taskKeys.all,
    successMessage: 'Task updated',
    onSaved: toTask,
  });

  const back = (
    <BackLink to="/workorder/scheduler/view/$taskId" params={{ taskId }}>
      Task
    </BackLink>
  );
  const notFound = isApiError(task.error) && task.error.statusCode === 404;
  const fallback = formPageFallback(task, {
    title: 'Edit task',
    back: notFound ? <BackLink to="/workorder/tasks">Tasks</BackLink> : back,
    fields: 6,
    errorTitle: notFound ? 'Task not found' : undefined,
  });
  if (fallback || !task.data) return fallback;
  const t = task.data;
  const title = `Edit task ${taskNumberText(t.taskNumber)} · ${t.name}`;
  const stale = isApiError(save.error) && save.error.code === 'STALE_VERSION';

  if (!t.actions.edit.allowed) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <NoticePanel
          action={
            <Link to="/workorder/scheduler/view/$taskId" params={{ taskId }} className={buttonClass('secondary')}>
              Back to the task
            </Link>
          }
        >
          {t.actions.edit.reason ?? 'You cannot edit this task.'}
        </NoticePanel>
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} back={back} />
      {stale && save.error ? <StaleVersionNotice message={save.error.message} /> : null}
      <TaskForm
        key={t.version}
        mode="edit"
        defaultValues={taskToValues(t, tz)}
        known={{ jobLabel: jobOptionLabel(t.job) }}
        timeZone={tz}
        taskId={t.id}
        onSubmit={(body) => save.mutate({ ...body, version: t.version })}
        onCancel={toTask}
        pending={save.isPending}
        serverError={save.error && !stale ? save.error : null}
      />
    </>
  );
}
