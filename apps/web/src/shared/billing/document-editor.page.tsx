import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { toast } from 'sonner';
import type { CreateEstimateBody, Estimate, UpdateEstimateBody } from '@fieldwork/domain/billing/estimates.schemas';
import type { CreateInvoiceBody, Invoice, UpdateInvoiceBody } from '@fieldwork/domain/billing/invoices.schemas';
import { Button, buttonClass } from '../../components/button';
import { formPageFallback } from '../../components/form-page-fallback';
import { NoticePanel } from '../../components/notice-panel';
import { BackLink, PageHeader } from '../../components/page-header';
import { SkeletonForm } from '../../components/skeleton';
import { isApiError, messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { jobKeys, jobsApi } from '../../features/jobs/jobs.api';
import { jobNumberText } from '../jobs/job-status-badge';
import { jobOptionLabel } from '../tasks/task-pickers';
import { billingKeys, estimatesApi, invoicesApi, type DocumentKind } from '../../features/billing/billing.api';
import { jobPrefill } from './customer-job-picker';
import { DocumentEditor } from './document-editor';
import { EstimateStatusBadge, InvoiceStatusBadge } from './document-status-badge';
import { useInvalidateBilling } from './use-document-actions';
import {
  documentToValues,
  emptyDocumentValues,
  toDocumentBody,
  type DocumentBody,
  type DocumentFormValues,
  type DocumentMode,
  type EditableDocument,
} from './use-document-form';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/** The route's search (router.tsx validates it as DocumentEditorSearch). */
type EditorSearch = { jobId?: string };

type DocumentApi = {
  get: (id: string) => Promise<EditableDocument>;
  create: (body: DocumentBody) => Promise<EditableDocument>;
  update: (id: string, body: DocumentBody & { version: number }) => Promise<EditableDocument>;
  send: (id: string) => Promise<EditableDocument>;
  key: (id: string) => readonly unknown[];
};

// toDocumentBody builds the payload of the kind it is given, so each kind's calls take that shape.
const API: Record<DocumentKind, DocumentApi> = {
  estimate: {
    get: estimatesApi.get,
    create: (body) => estimatesApi.create(body as CreateEstimateBody),
    update: (id, body) => estimatesApi.update(id, body as UpdateEstimateBody),
    send: estimatesApi.send,
    key: billingKeys.estimate,
  },
  invoice: {
    get: invoicesApi.get,
    create: (body) => invoicesApi.create(body as CreateInvoiceBody),
    update: (id, body) => invoicesApi.update(id, body as UpdateInvoiceBody),
    send: invoicesApi.send,
    key: billingKeys.invoice,
  },
};

const numberOf = (kind: DocumentKind, doc: EditableDocument) => (kind === 'estimate' ? (doc as Estimate).estimateNumber : (doc as Invoice).invoiceNumber);

type SaveInput = { values: DocumentFormValues; mode: DocumentMode };

/** The create/edit page of an estimate or invoice: `new` or a draft's id, optionally started from a job (?jobId=). */
export function DocumentEditorPage({ kind }: { kind: DocumentKind }) {
  const { id = 'new' } = useParams({ strict: false });
  const search: EditorSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBilling();
  const timeZone = useAuth().session.company.timeZone;
  const api = API[kind];
  const isNew = id === 'new';
  const noun = kind === 'estimate' ? 'Estimate' : 'Invoice';
  const listPath = kind === 'estimate' ? '/workorder/estimates' : '/workorder/invoices';
  const viewPath = kind === 'estimate' ? '/workorder/estimates/$id' : '/workorder/invoices/$id';
  const createPath = kind === 'estimate' ? '/workorder/estimates/$id/create' : '/workorder/invoices/$id/create';

  const doc = useQuery({ queryKey: api.key(id), queryFn: () => api.get(id), enabled: !isNew });
  const fromJob = useQuery({
    queryKey: jobKeys.detail(search.jobId ?? ''),
    queryFn: () => jobsApi.get(search.jobId ?? ''),
    enabled: isNew && Boolean(search.jobId),
  });

  // Leaving with unsaved changes asks first; a save that navigates on purpose does not.
  const dirty = useRef(false);
  const leaving = useRef(false);
  useBlocker({
    shouldBlockFn: () => dirty.current && !leaving.current && !window.confirm('You have unsaved changes. Leave this page and lose them?'),
    enableBeforeUnload: () => dirty.current && !leaving.current,
  });
  const [stale, setStale] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async ({ values, mode }: SaveInput) => {
      if (isNew) return api.create(toDocumentBody(kind, values, mode));
      const version = doc.data?.version ?? 1;
      const updated = await api.update(id, { ...toDocumentBody(kind, values, 'Draft'), version });
      return mode === 'Send' ? api.send(id) : updated;
    },
    onSuccess: async (saved: EditableDocument, { mode }) => {
      setStale(null);
      const n = numberOf(kind, saved);
      queryClient.setQueryData(api.key(saved.id), saved);
      void invalidate();
      if (mode === 'Send') {
        toast.success(`${noun} #${n} sent`);
        leaving.current = true;
        await navigate({ to: viewPath, params: { id: saved.id } });
      } else if (isNew) {
        toast.success(`${noun} #${n} saved as draft`);
        leaving.current = true;
        await navigate({ to: createPath, params: { id: saved.id }, replace: true });
        leaving.current = false;
      } else {
        toast.success(`${noun} #${n} saved`);
      }
    },
    onError: async (error) => {
      if (isApiError(error) && error.code === 'STALE_VERSION') {
        setStale(error.message);
        return;
      }
      // A send refused after a successful save leaves a newer version behind: load it.
      if (!isNew) void queryClient.invalidateQueries({ queryKey: api.key(id) });
      if (!(isApiError(error) && error.statusCode === 400)) toast.error(messageOf(error));
    },
  });

  const onCancel = () =>
    void (search.jobId
      ? navigate({ to: '/workorder/jobs/$id', params: { id: search.jobId }, search: { tf_tab: kind === 'estimate' ? 'estimates' : 'invoices' } })
      : navigate({ to: listPath }));

  const back =
    search.jobId && fromJob.data ? (
      <BackLink to="/workorder/jobs/$id" params={{ id: search.jobId }}>
        Job {jobNumberText(fromJob.data.jobNumber)}
      </BackLink>
    ) : (
      <BackLink to={listPath}>{kind === 'estimate' ? 'Estimates' : 'Invoices'}</BackLink>
    );

  if (!isNew) {
    const fallback = formPageFallback(doc, { title: `Edit ${noun}`, back, fields: 8, errorTitle: `${noun} could not be loaded` });
    if (fallback || !doc.data) return fallback;
  } else if (search.jobId && fromJob.isLoading) {
    return (
      <>
        <PageHeader title={`New ${noun}`} back={back} />
        <SkeletonForm fields={8} />
      </>
    );
  }

  const d = isNew ? null : doc.data;
  const title = d ? `Edit ${noun} #${numberOf(kind, d)}` : `New ${noun}`;

  if (d && d.status !== 'DRAFT') {
    return (
      <>
        <PageHeader title={title} back={back} />
        <NoticePanel
          title={`This ${noun.toLowerCase()} is not a draft`}
          action={
            <Link to={viewPath} params={{ id: d.id }} className={buttonClass('secondary')}>
              View {noun.toLowerCase()} #{numberOf(kind, d)}
            </Link>
          }
        >
          <p className="flex items-center justify-center gap-2">
            Status: <StatusBadge kind={kind} doc={d} />
          </p>
          <p className="mt-2">Only a draft can be edited here.</p>
        </NoticePanel>
      </>
    );
  }

  const job = isNew ? fromJob.data : undefined;
  const defaultValues = d ? documentToValues(kind, d) : { ...emptyDocumentValues(undefined, dayIn(new Date(), timeZone)), ...(job ? jobPrefill(job) : {}) };
  const known = {
    customerName: d?.account.name ?? job?.customer.name ?? '',
    jobLabel: d?.job ? jobNumberText(d.job.jobNumber) : job ? jobOptionLabel(job) : '',
  };
  const pending = save.isPending ? save.variables.mode : null;

  return (
    <>
      <PageHeader title={title} back={back} actions={d ? <StatusBadge kind={kind} doc={d} /> : undefined} />
      {stale ? (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning"
        >
          <span>
            {stale} Someone else saved this {noun.toLowerCase()} after you opened it.
          </span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setStale(null);
              void queryClient.invalidateQueries({ queryKey: api.key(id) });
            }}
          >
            Reload the latest version
          </Button>
        </div>
      ) : null}
      <DocumentEditor
        key={d ? `${d.id}:${d.version}` : `new:${job?.id ?? ''}`}
        kind={kind}
        defaultValues={defaultValues}
        known={known}
        jobLocked={Boolean(d?.job)}
        saved={d ? { ...d } : null}
        onSubmit={(values, mode) => save.mutate({ values, mode })}
        onCancel={onCancel}
        onDirtyChange={(value) => {
          dirty.current = value;
        }}
        pending={pending}
        serverError={save.error && !(isApiError(save.error) && save.error.code === 'STALE_VERSION') ? save.error : null}
      />
    </>
  );
}

function StatusBadge({ kind, doc }: { kind: DocumentKind; doc: EditableDocument }) {
  return kind === 'estimate' ? <EstimateStatusBadge status={(doc as Estimate).status} /> : <InvoiceStatusBadge status={(doc as Invoice).status} />;
}
