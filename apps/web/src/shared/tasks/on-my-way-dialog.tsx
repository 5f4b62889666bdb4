import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Navigation } from 'lucide-react';
import { ARRIVAL_MINUTES, arrivalAtToday, type OnMyWayAnswer, type OnMyWayBody } from '@fieldwork/domain/texts/on-my-way.rules';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { api, type DataOf } from '../../lib/api-client';
import { idempotencyHeaders, useIdempotencyKey } from '../../lib/idempotency';
import { useAuth } from '../../lib/auth-context';

export const onMyWayToast = (a: OnMyWayAnswer) => `${a.contactName} was told by ${a.channel}: arriving ${a.window}.`;

const postOnMyWay = async (taskId: string, body: OnMyWayBody, key: string) =>
  (await api.post<DataOf<OnMyWayAnswer>>(`/tasks/${taskId}/on-my-way`, body, { headers: idempotencyHeaders(key) })).data;

type Choice = (typeof ARRIVAL_MINUTES)[number] | 'time';

/**
 * "On my way" for the assignee: pick an arrival estimate (or a time today), and the site contact gets the window
 * by text or email. One idempotency key per tap, so a retry over a weak signal tells the customer once.
 */
export function OnMyWayButton({ taskId, className }: { taskId: string; className?: string }) {
  const timeZone = useAuth().session?.company.timeZone ?? 'UTC';
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Choice>(30);
  const [time, setTime] = useState('');
  const idempotency = useIdempotencyKey();
  const send = useMutation({
    mutationFn: (body: OnMyWayBody) => postOnMyWay(taskId, body, idempotency.keyFor(body)),
    onSettled: (_data, error) => idempotency.settled(error ?? undefined),
    onSuccess: (answer) => {
      setOpen(false);
      toast.success(onMyWayToast(answer));
    },
  });
  const body = (): OnMyWayBody | null => {
    if (choice !== 'time') return { minutes: choice };
    const arriveAt = arrivalAtToday(time, new Date(), timeZone);
    return arriveAt ? { arriveAt } : null;
  };
  const formId = `on-my-way-${taskId}`;
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <Navigation size={16} aria-hidden="true" /> On my way
      </Button>
      {open ? (
        <FormDialog
          title="On my way"
          description="The site contact gets a text (or an email) with your arrival window."
          formId={formId}
          submitLabel="Send"
          pending={send.isPending}
          submitDisabled={!body()}
          onClose={() => setOpen(false)}
        >
          <form
            id={formId}
            onSubmit={(e) => {
              e.preventDefault();
              const b = body();
              if (b) send.mutate(b);
            }}
          >
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-gray-900">Arriving in</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {ARRIVAL_MINUTES.map((m) => (
                  <label key={m} className="flex min-h-11 items-center gap-2 rounded-md border border-border px-3 text-sm has-[:checked]:border-primary">
                    <input type="radio" name="arrival" checked={choice === m} onChange={() => setChoice(m)} />
                    {m} min
                  </label>
                ))}
              </div>
              <label className="flex min-h-11 items-center gap-2 rounded-md border border-border px-3 text-sm has-[:checked]:border-primary">
                <input type="radio" name="arrival" checked={choice === 'time'} onChange={() => setChoice('time')} />
                At
                <Input
                  type="time"
                  aria-label="Arrival time"
                  className="w-32"
                  value={time}
                  onChange={(e) => {
                    setTime(e.target.value);
                    setChoice('time');
                  }}
                />
              </label>
            </fieldset>
            <FormAlert error={send.error} />
          </form>
        </FormDialog>
      ) : null}
    </>
  );
}
