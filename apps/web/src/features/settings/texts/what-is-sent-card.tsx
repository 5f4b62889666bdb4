import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { textPreferencesBody, type TextPreferences } from '@fieldwork/domain/texts/text-preferences.schemas';
import { MAX_REMINDER_HOURS } from '@fieldwork/domain/texts/text-timing.rules';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FieldError } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { Input } from '../../../components/input';
import { Label } from '../../../components/label';
import { Switch } from '../../../components/switch';
import { Time24Input } from '../../../components/time-24-input';
import { bodyOf, fieldErrorsOf, textPreferencesApi, textPreferencesKey } from './text-preferences.api';

export const TEXT_PREFERENCES_SAVED = 'Text preferences saved.';

type Draft = {
  remindersOn: boolean;
  reminderHours: string;
  quietHoursOn: boolean;
  quietStart: string;
  quietEnd: string;
  bookingConfirmation: boolean;
  jobCompleted: boolean;
};

const draftOf = (p: TextPreferences): Draft => ({
  remindersOn: p.remindersOn,
  reminderHours: String(p.reminderHours),
  quietHoursOn: p.quietHoursOn,
  quietStart: p.quietStart,
  quietEnd: p.quietEnd,
  bookingConfirmation: p.bookingConfirmation,
  jobCompleted: p.jobCompleted,
});

/**
 * "What is sent": which customer texts go out and when. The wording is kept as saved; the times are read on the
 * company's clock, which the page names so an office in another zone is not surprised.
 */
export function WhatIsSentCard({ prefs }: { prefs: TextPreferences }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(prefs));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useMutation({
    mutationFn: textPreferencesApi.save,
    onSuccess: (next) => {
      queryClient.setQueryData(textPreferencesKey, next);
      toast.success(TEXT_PREFERENCES_SAVED);
    },
  });
  const errors = { ...fieldErrorsOf(save.error), ...clientErrors };

  const submit = () => {
    const hours = draft.reminderHours.trim() === '' ? Number.NaN : Number(draft.reminderHours);
    const parsed = textPreferencesBody.safeParse({ ...bodyOf(prefs), ...draft, reminderHours: hours });
    if (!parsed.success) {
      setClientErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setClientErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Card title="What is sent">
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SettingRow
          label="Appointment reminders"
          hint="A text before each scheduled visit, to the customer's contact."
          checked={draft.remindersOn}
          onChange={(v) => set('remindersOn', v)}
        >
          <div className="flex items-center gap-2">
            <div className="w-20 shrink-0">
              <Input
                id="reminder-hours"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_REMINDER_HOURS}
                disabled={!draft.remindersOn}
                value={draft.reminderHours}
                invalid={!!errors.reminderHours}
                aria-describedby={errors.reminderHours ? 'reminder-hours-error' : undefined}
                onChange={(e) => set('reminderHours', e.target.value)}
              />
            </div>
            <Label htmlFor="reminder-hours">hours before</Label>
          </div>
          <FieldError id="reminder-hours-error" message={errors.reminderHours} />
        </SettingRow>

        <SettingRow
          label="Quiet hours"
          hint={
            <>
              Texts that fall inside wait until quiet hours end, except “On my way”. Times are in the company’s time zone:{' '}
              <span className="font-medium text-gray-900">{prefs.timeZone}</span>.
            </>
          }
          checked={draft.quietHoursOn}
          onChange={(v) => set('quietHoursOn', v)}
        >
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor="quiet-start">From</Label>
            <div className="w-20 shrink-0">
              <Time24Input
                id="quiet-start"
                disabled={!draft.quietHoursOn}
                value={draft.quietStart}
                invalid={!!errors.quietStart}
                onChange={(v) => set('quietStart', v)}
              />
            </div>
            <Label htmlFor="quiet-end">to</Label>
            <div className="w-20 shrink-0">
              <Time24Input
                id="quiet-end"
                disabled={!draft.quietHoursOn}
                value={draft.quietEnd}
                invalid={!!errors.quietEnd}
                onChange={(v) => set('quietEnd', v)}
              />
            </div>
          </div>
          <FieldError message={errors.quietStart} />
          <FieldError message={errors.quietEnd} />
        </SettingRow>

        <SettingRow
          label="Booking confirmation"
          hint="A text when a task is first scheduled."
          checked={draft.bookingConfirmation}
          onChange={(v) => set('bookingConfirmation', v)}
        />
        <SettingRow
          label="Job completed"
          hint="A text when a job is closed, with the invoice link."
          checked={draft.jobCompleted}
          onChange={(v) => set('jobCompleted', v)}
        />
        {save.error && !Object.keys(fieldErrorsOf(save.error)).length ? <FormAlert error={save.error} /> : null}
        <Button type="submit" loading={save.isPending}>
          Save what is sent
        </Button>
      </form>
    </Card>
  );
}

function SettingRow({
  label,
  hint,
  checked,
  onChange,
  children,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <Label htmlFor={id}>{label}</Label>
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        </div>
        {children}
      </div>
    </div>
  );
}
