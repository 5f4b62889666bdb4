/**
 * The customer's answer to an estimate: approve (full name, a drawn or typed signature, the terms accepted),
 * decline (a reason if they wish) or ask for changes (saying what). Each form is checked with the domain's
 * own body schema before sending. Buttons are large and every control is labelled, for phones and keyboards.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIdempotencyKey } from '../../lib/idempotency';
import type { PortalAnswer } from '@fieldwork/domain/portal/portal.rules';
import { PORTAL_MESSAGES, PORTAL_TERMS } from '@fieldwork/domain/portal/portal.rules';
import { portalApproveBody, portalChangesBody, portalDeclineBody, type PortalEstimate } from '@fieldwork/domain/portal/portal.schemas';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Field, FieldError } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { SignaturePad, type SignaturePadHandle } from '../../shared/billing/signature-pad';
import { fieldErrors } from './portal-form-errors';
import { portalApi, portalKeys } from './portal.api';
import { PortalCard } from './portal-load-state';

export const ANSWER_CHOICES = [
  { answer: 'approve', label: 'Approve', submit: 'Approve estimate' },
  { answer: 'decline', label: 'Decline', submit: 'Decline estimate' },
  { answer: 'requestChanges', label: 'Request changes', submit: 'Send change request' },
] as const satisfies readonly { answer: PortalAnswer; label: string; submit: string }[];

export const PORTAL_SIGNATURE_NOTE = 'Sign in the box with a finger, pen or mouse, or choose "Type instead".';

const big = 'min-h-11 text-base!';

type Props = {
  estimate: PortalEstimate;
  /** The answer was stored: the page shows the estimate as it now stands. */
  onAnswered: (saved: PortalEstimate) => void;
  /** The estimate changed meanwhile (409): the page shows the server's message over the refetched estimate. */
  onConflict: (message: string) => void;
};

export function EstimateAnswer({ estimate, onAnswered, onConflict }: Props) {
  const [choice, setChoice] = useState<PortalAnswer | null>(null);
  const qc = useQueryClient();
  const idempotency = useIdempotencyKey();
  const send = useMutation({
    mutationFn: (a: { answer: PortalAnswer; body: unknown }) => {
      const key = idempotency.keyFor(a);
      return a.answer === 'approve'
        ? portalApi.approve(estimate.id, a.body as Parameters<typeof portalApi.approve>[1], key)
        : a.answer === 'decline'
          ? portalApi.decline(estimate.id, a.body as Parameters<typeof portalApi.decline>[1], key)
          : portalApi.requestChanges(estimate.id, a.body as Parameters<typeof portalApi.requestChanges>[1], key);
    },
    onSettled: (_data, error) => idempotency.settled(error ?? undefined),
    onSuccess: (saved) => {
      qc.setQueryData(portalKeys.estimate(estimate.id), saved);
      void qc.invalidateQueries({ queryKey: portalKeys.hub });
      onAnswered(saved);
    },
    onError: (error) => {
      if (isApiError(error) && error.statusCode === 409) {
        onConflict(error.message || PORTAL_MESSAGES.alreadyAnswered);
        void qc.invalidateQueries({ queryKey: portalKeys.estimate(estimate.id) });
        void qc.invalidateQueries({ queryKey: portalKeys.hub });
      }
    },
  });
  const submit = (answer: PortalAnswer) => (body: unknown) => send.mutate({ answer, body });
  const current = ANSWER_CHOICES.find((c) => c.answer === choice);

  return (
    <PortalCard title="Your answer" description="Approve the estimate, decline it, or tell us what should change.">
      <div role="group" aria-label="Choose your answer" className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {ANSWER_CHOICES.map((c) => (
          <Button
            key={c.answer}
            variant={choice === c.answer ? 'primary' : 'secondary'}
            aria-pressed={choice === c.answer}
            className="min-h-12 text-base!"
            disabled={send.isPending}
            onClick={() => {
              setChoice(c.answer);
              send.reset();
            }}
          >
            {c.label}
          </Button>
        ))}
      </div>
      {current ? (
        <div className="mt-4 border-t border-border pt-4">
          {current.answer === 'approve' ? (
            <ApproveForm submitLabel={current.submit} pending={send.isPending} onSubmit={submit('approve')} terms={estimate.terms} />
          ) : current.answer === 'decline' ? (
            <DeclineForm submitLabel={current.submit} pending={send.isPending} onSubmit={submit('decline')} />
          ) : (
            <ChangesForm submitLabel={current.submit} pending={send.isPending} onSubmit={submit('requestChanges')} />
          )}
          {send.isError && !(isApiError(send.error) && send.error.statusCode === 409) ? (
            <div className="mt-3">
              <FormAlert error={send.error} />
            </div>
          ) : null}
        </div>
      ) : null}
    </PortalCard>
  );
}

type FormProps = { submitLabel: string; pending: boolean; onSubmit: (body: unknown) => void };

type ShellProps = {
  label: string;
  submitLabel: string;
  pending: boolean;
  variant?: 'primary' | 'danger';
  children: ReactNode;
  onSubmit: (ev: FormEvent) => void;
};

function FormShell({ label, onSubmit, submitLabel, pending, variant = 'primary', children }: ShellProps) {
  return (
    <form noValidate aria-label={label} onSubmit={onSubmit} className="space-y-4">
      {children}
      <Button type="submit" variant={variant} className="min-h-12 w-full text-base! sm:w-auto" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

type ApproveKey = 'signerName' | 'signature' | 'typedSignature' | 'acceptTerms';

function ApproveForm({ submitLabel, pending, onSubmit, terms }: FormProps & { terms: string }) {
  const pad = useRef<SignaturePadHandle>(null);
  const [signerName, setSignerName] = useState('');
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ApproveKey, string>>>({});
  const clear = (...keys: ApproveKey[]) => setErrors((e) => ({ ...e, ...Object.fromEntries(keys.map((k) => [k, undefined])) }));

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const drawn = !typing && pad.current && !pad.current.isEmpty() ? pad.current.toDataURL() : undefined;
    const parsed = portalApproveBody.safeParse({
      signerName,
      acceptTerms: accepted,
      ...(drawn ? { signature: drawn } : {}),
      ...(typing ? { typedSignature: typed.trim() || null } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors<ApproveKey>(parsed.error));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  const signatureError = errors.signature ?? errors.typedSignature;
  return (
    <FormShell label="Approve the estimate" onSubmit={submit} submitLabel={submitLabel} pending={pending}>
      <Field label="Full name" required error={errors.signerName}>
        <Input
          className={big}
          autoComplete="name"
          maxLength={100}
          value={signerName}
          onChange={(ev) => {
            setSignerName(ev.target.value);
            clear('signerName');
          }}
        />
      </Field>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-gray-800">Signature</p>
          <Button
            variant="link"
            className="min-h-11"
            onClick={() => {
              setTyping((t) => !t);
              clear('signature', 'typedSignature');
            }}
          >
            {typing ? 'Draw instead' : 'Type instead'}
          </Button>
        </div>
        {typing ? (
          <Field label="Typed signature" error={signatureError}>
            <Input
              className={cn(big, 'font-serif text-xl! italic')}
              maxLength={100}
              value={typed}
              onChange={(ev) => {
                setTyped(ev.target.value);
                clear('signature', 'typedSignature');
              }}
            />
          </Field>
        ) : (
          <SignaturePad ref={pad} note={PORTAL_SIGNATURE_NOTE} invalid={Boolean(signatureError)} error={signatureError} onChange={() => clear('signature')} />
        )}
      </div>
      {terms.trim() ? (
        <details className="rounded-md border border-border bg-gray-50 px-3 py-2 text-sm">
          <summary className="min-h-8 cursor-pointer font-medium text-gray-900">Terms and conditions</summary>
          <p className="mt-2 whitespace-pre-line text-gray-900">{terms}</p>
        </details>
      ) : null}
      <div>
        <div className="flex items-start gap-3">
          <Checkbox
            id="portal-accept-terms"
            checked={accepted}
            onCheckedChange={(v) => {
              setAccepted(v);
              clear('acceptTerms');
            }}
            className="mt-0.5 h-6 w-6"
          />
          <label htmlFor="portal-accept-terms" className="text-sm text-gray-900">
            {PORTAL_TERMS}
          </label>
        </div>
        <FieldError message={errors.acceptTerms} />
      </div>
    </FormShell>
  );
}

function DeclineForm({ submitLabel, pending, onSubmit }: FormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const parsed = portalDeclineBody.safeParse({ reason: reason.trim() || null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onSubmit(parsed.data);
  };
  return (
    <FormShell label="Decline the estimate" onSubmit={submit} submitLabel={submitLabel} pending={pending} variant="danger">
      <Field label="Reason (optional)" error={error}>
        <Textarea className="text-base!" rows={3} maxLength={2000} value={reason} onChange={(ev) => setReason(ev.target.value)} />
      </Field>
    </FormShell>
  );
}

function ChangesForm({ submitLabel, pending, onSubmit }: FormProps) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const parsed = portalChangesBody.safeParse({ comment });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onSubmit(parsed.data);
  };
  return (
    <FormShell label="Request changes" onSubmit={submit} submitLabel={submitLabel} pending={pending}>
      <Field label="What should change?" required error={error}>
        <Textarea
          className="text-base!"
          rows={4}
          maxLength={2000}
          value={comment}
          onChange={(ev) => {
            setComment(ev.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </FormShell>
  );
}
