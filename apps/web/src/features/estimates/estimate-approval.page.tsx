/**
 * Onsite approval: the technician hands over the phone or tablet; the customer reads the estimate, signs,
 * types a name and approves, declines or asks for a change. The page covers the app's shell so the customer
 * sees only the estimate and the way back to it.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { CheckCircle2, X } from 'lucide-react';
import { ESTIMATE_MESSAGES, type ApprovalDecision } from '@fieldwork/domain/billing/estimates.rules';
import { approvalBody, type Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import { Button, buttonClass } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { Input } from '../../components/input';
import { NoticePanel } from '../../components/notice-panel';
import { Textarea } from '../../components/textarea';
import { useAuth } from '../../lib/auth-context';
import { billingKeys, estimatesApi } from '../billing/billing.api';
import { DocumentLoadState } from '../../shared/billing/document-preview';
import { EstimateStatusBadge } from '../../shared/billing/document-status-badge';
import { useInvalidateBilling } from '../../shared/billing/use-document-actions';
import { EstimatePreview } from './estimate-view.page';
import { SignaturePad, type SignaturePadHandle } from '../../shared/billing/signature-pad';

export const DECISION_BUTTONS = [
  { decision: 'APPROVED', label: 'Approve', variant: 'primary' },
  { decision: 'DECLINED', label: 'Decline', variant: 'danger' },
  { decision: 'CHANGE_REQUEST', label: 'Request change', variant: 'secondary' },
] as const satisfies readonly { decision: ApprovalDecision; label: string; variant: 'primary' | 'danger' | 'secondary' }[];

type FieldErrors = Partial<Record<'signerName' | 'signature' | 'comment', string>>;

export function EstimateApprovalPage() {
  const { id = '' } = useParams({ strict: false });
  const query = useQuery({ queryKey: billingKeys.estimate(id), queryFn: () => estimatesApi.get(id) });
  const [result, setResult] = useState<Estimate | null>(null);
  if (!query.data) return <DocumentLoadState kind="estimate" query={query} />;

  const e = query.data;
  const viewLink = (
    <Link to="/workorder/estimates/$id" params={{ id: e.id }} className={buttonClass('secondary')}>
      Back to estimate #{e.estimateNumber}
    </Link>
  );
  return (
    <FullScreen estimate={e}>
      {result ? (
        <NoticePanel icon={<CheckCircle2 size={32} aria-hidden="true" className="text-success" />} title={ESTIMATE_MESSAGES.approvalSaved} action={viewLink}>
          <span className="inline-flex items-center gap-2">
            Estimate #{result.estimateNumber} is now <EstimateStatusBadge status={result.status} />
          </span>
        </NoticePanel>
      ) : !e.actions.onsiteApproval ? (
        <NoticePanel title="Onsite approval is not available" action={viewLink}>
          <span className="inline-flex flex-wrap items-center justify-center gap-2">
            Estimate #{e.estimateNumber} is <EstimateStatusBadge status={e.status} />
          </span>
        </NoticePanel>
      ) : (
        <ApprovalForm estimate={e} onDone={setResult} />
      )}
    </FullScreen>
  );
}

function FullScreen({ estimate: e, children }: { estimate: Estimate; children: ReactNode }) {
  const { session } = useAuth();
  return (
    <div className="fixed inset-0 z-40 overflow-y-auto bg-gray-50" role="region" aria-label="Onsite approval">
      <header className="sticky top-0 z-10 flex h-14 items-center justify-between gap-3 border-b border-border bg-white px-4">
        <p className="min-w-0 truncate font-semibold text-gray-900">
          {session.company.name} · Estimate #{e.estimateNumber}
        </p>
        <Link to="/workorder/estimates/$id" params={{ id: e.id }} aria-label="Close onsite approval" className={buttonClass('ghost', 'icon')}>
          <X size={18} aria-hidden="true" />
        </Link>
      </header>
      {/* The app shell already has the page's one <main>; this overlay is a region inside it. */}
      <div className="mx-auto w-full max-w-3xl space-y-4 p-3 sm:p-6">{children}</div>
    </div>
  );
}

function ApprovalForm({ estimate: e, onDone }: { estimate: Estimate; onDone: (estimate: Estimate) => void }) {
  const invalidate = useInvalidateBilling();
  const pad = useRef<SignaturePadHandle>(null);
  const [signed, setSigned] = useState(false);
  const [signerName, setSignerName] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const approve = useMutation({
    mutationFn: (body: Parameters<typeof estimatesApi.approve>[1]) => estimatesApi.approve(e.id, body),
    onSuccess: async (saved) => {
      onDone(saved);
      await invalidate();
    },
  });

  const edit = (key: keyof FieldErrors, value: string, set: (value: string) => void) => {
    set(value);
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const submit = (decision: ApprovalDecision) => {
    const signature = pad.current && !pad.current.isEmpty() ? pad.current.toDataURL() : '';
    const parsed = approvalBody.safeParse({ decision, signerName, signature, comment: comment.trim() || null });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    approve.mutate(parsed.data);
  };

  return (
    <>
      <EstimatePreview compact estimate={e} />
      <section aria-label="Your response" className="space-y-4 rounded-lg border border-border bg-white p-4 sm:p-6">
        <h2 className="text-base font-semibold text-gray-900">Your response</h2>
        <SignaturePad
          ref={pad}
          disabled={approve.isPending}
          invalid={Boolean(errors.signature)}
          error={errors.signature}
          onChange={(empty) => {
            setSigned(!empty);
            setErrors((x) => ({ ...x, signature: undefined }));
          }}
        />
        <Field label="Your name" required error={errors.signerName}>
          <Input
            className="min-h-11 text-base!"
            autoComplete="name"
            maxLength={100}
            value={signerName}
            onChange={(ev) => edit('signerName', ev.target.value, setSignerName)}
          />
        </Field>
        <Field label="Comment" hint="Required when you request a change." error={errors.comment}>
          <Textarea className="text-base!" maxLength={2000} value={comment} onChange={(ev) => edit('comment', ev.target.value, setComment)} />
        </Field>
        <FormAlert error={approve.error} />
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {DECISION_BUTTONS.map((b) => (
            <Button
              key={b.decision}
              variant={b.variant}
              className="min-h-12 text-base!"
              disabled={!signed || approve.isPending}
              loading={approve.isPending && approve.variables?.decision === b.decision}
              onClick={() => submit(b.decision)}
            >
              {b.label}
            </Button>
          ))}
        </div>
        {signed ? null : <p className="text-sm text-muted">Sign above to enable Approve, Decline and Request change.</p>}
      </section>
    </>
  );
}
