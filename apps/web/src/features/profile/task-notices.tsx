import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  ASSIGNMENT_NOTICE_LABELS,
  ASSIGNMENT_NOTICE_MESSAGES,
  ASSIGNMENT_NOTICES,
  type AssignmentNotice,
  type UserNotices,
} from '@fieldwork/domain/texts/text-preferences.schemas';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { FormAlert } from '../../components/form-alert';
import { SkeletonForm } from '../../components/skeleton';
import { noticesKey, profileApi } from './profile.api';

export const TASK_NOTICES_SAVED = 'Task notices saved.';

/** How a team member hears that a task was assigned to them or its time changed. */
export function TaskNotices() {
  const notices = useQuery({ queryKey: noticesKey, queryFn: profileApi.notices });
  return (
    <Card title="Task notices">
      {notices.isLoading ? (
        <SkeletonForm fields={2} />
      ) : notices.error || !notices.data ? (
        <ErrorState error={notices.error} onRetry={() => void notices.refetch()} />
      ) : (
        <NoticesForm key={`${notices.data.assignment}-${notices.data.textNumber ?? ''}`} notices={notices.data} />
      )}
    </Card>
  );
}

function NoticesForm({ notices }: { notices: UserNotices }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<AssignmentNotice>(notices.assignment);
  const save = useMutation({
    mutationFn: profileApi.saveNotices,
    onSuccess: (next) => {
      queryClient.setQueryData(noticesKey, next);
      toast.success(TASK_NOTICES_SAVED);
    },
  });
  // Mirrors the server: texts need a number that can take them.
  const needsPhone = choice === 'text' && !notices.textNumber;
  return (
    <form
      noValidate
      className="max-w-lg space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!needsPhone) save.mutate({ assignment: choice });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm text-muted">When a task is assigned to you or its time changes:</legend>
        {ASSIGNMENT_NOTICES.map((option) => (
          <label key={option} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-gray-900">
            <input
              type="radio"
              name="assignment-notice"
              value={option}
              checked={choice === option}
              onChange={() => setChoice(option)}
              className="h-4 w-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            />
            {ASSIGNMENT_NOTICE_LABELS[option]}
          </label>
        ))}
      </fieldset>
      {notices.textNumber ? (
        <p className="text-sm text-muted">
          Texts go to <span className="font-medium text-gray-900 tabular-nums">{notices.textNumber}</span> — the phone on your profile.
        </p>
      ) : null}
      {needsPhone ? (
        <p role="alert" className="rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-gray-900">
          {ASSIGNMENT_NOTICE_MESSAGES.noPhone}
        </p>
      ) : null}
      <FormAlert error={save.error} />
      <Button type="submit" loading={save.isPending} disabled={needsPhone || choice === notices.assignment}>
        Save notices
      </Button>
    </form>
  );
}
