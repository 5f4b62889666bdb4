/**
 * Row and page actions of estimates and invoices with the spec's toasts, shared by the lists, the job tabs
 * and the preview pages so every place behaves the same.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { ESTIMATE_MESSAGES, editCreatesDraftCopy, type EstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_MESSAGES, invoiceEditCreatesDraftCopy, type InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import { PDF_MESSAGES, PDF_SLOW_NOTICE_MS, pdfFileName } from '@fieldwork/domain/billing/documents.rules';
import { isApiError, messageOf } from '../../lib/api-client';
import { jobKeys } from '../../features/jobs/jobs.api';
import { billingKeys, estimatesApi, fetchPdf, invoicesApi, type DocumentKind } from '../../features/billing/billing.api';
import type { ConfirmRequest } from './document-row-menu';

const serverMessage = (error: unknown) => (isApiError(error) && error.message ? { description: error.message } : undefined);

/** Lists, details and the jobs' money columns all move with any document change. */
function useInvalidateBilling() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: billingKeys.all }), queryClient.invalidateQueries({ queryKey: jobKeys.all })]);
}

/** Downloads a PDF; the "30–60 seconds" notice only when it takes longer than 2 s; failure "Error occurred!". */
export async function downloadPdf(kind: DocumentKind, id: string, number: number): Promise<boolean> {
  const slow = setTimeout(() => toast.info(PDF_MESSAGES.slow), PDF_SLOW_NOTICE_MS);
  try {
    const blob = await fetchPdf(kind, id);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = pdfFileName(kind, number);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    toast.error(PDF_MESSAGES.failed);
    return false;
  } finally {
    clearTimeout(slow);
  }
}

export function useEstimateActions() {
  const navigate = useNavigate();
  const invalidate = useInvalidateBilling();

  /** Draft → its create page; Sent/Declined/Expired/Change Request → a draft copy's create page; others → view. */
  const edit = useMutation({
    mutationFn: async (estimate: { id: string; status: EstimateStatus }) => {
      if (estimate.status === 'DRAFT') return { id: estimate.id, copied: false };
      if (!editCreatesDraftCopy(estimate.status)) return { id: estimate.id, copied: false, view: true };
      const { data } = await estimatesApi.draftCopy(estimate.id);
      return { id: data.id, copied: true };
    },
    onSuccess: async (result) => {
      if (result.copied) {
        toast.success(ESTIMATE_MESSAGES.editCopy);
        await invalidate();
      }
      await navigate(
        result.view ? { to: '/workorder/estimates/$id', params: { id: result.id } } : { to: '/workorder/estimates/$id/create', params: { id: result.id } },
      );
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : ESTIMATE_MESSAGES.notFound),
  });

  const convert = useMutation({
    mutationFn: (id: string) => estimatesApi.convert(id),
    onSuccess: async ({ data }) => {
      toast.success(ESTIMATE_MESSAGES.converted);
      await invalidate();
      await navigate({ to: '/workorder/invoices/$id/create', params: { id: data.id } });
    },
    onError: (error) => toast.error(ESTIMATE_MESSAGES.convertFailed, serverMessage(error)),
  });

  const voidIt = useMutation({
    mutationFn: (id: string) => estimatesApi.void(id),
    onSuccess: async () => {
      toast.info(ESTIMATE_MESSAGES.voided);
      await invalidate();
    },
    onError: (error) => toast.error(messageOf(error)),
  });

  const remove = useMutation({
    mutationFn: (id: string) => estimatesApi.remove(id),
    onSuccess: async (message) => {
      toast.success(message);
      await invalidate();
    },
    onError: (error) => toast.error(messageOf(error)),
  });

  return { edit, convert, void: voidIt, remove };
}

/**
 * Edit an invoice: a draft opens as it is; one past draft is copied into a new draft (the spec's rule), but only
 * after a confirmation that names what happens to the original — a silent copy reads as a second bill.
 */
export function invoiceEditOrAsk(
  invoice: { id: string; invoiceNumber: number; status: InvoiceStatus },
  edit: { mutate: (v: { id: string; status: InvoiceStatus }) => void; mutateAsync: (v: { id: string; status: InvoiceStatus }) => Promise<unknown> },
  ask: (request: ConfirmRequest) => void,
): void {
  const target = { id: invoice.id, status: invoice.status };
  if (!invoiceEditCreatesDraftCopy(invoice.status)) return edit.mutate(target);
  ask({
    title: INVOICE_MESSAGES.editCopyTitle,
    description: INVOICE_MESSAGES.editCopyConfirm(invoice.invoiceNumber, invoice.status),
    confirmLabel: INVOICE_MESSAGES.editCopyAction,
    run: () => edit.mutateAsync(target),
  });
}

export function useInvoiceActions() {
  const navigate = useNavigate();
  const invalidate = useInvalidateBilling();

  /** Draft → its create page; Sent → a draft copy's create page ("Now, You can edit your Invoice."). */
  const edit = useMutation({
    mutationFn: async (invoice: { id: string; status: InvoiceStatus }) => {
      if (!invoiceEditCreatesDraftCopy(invoice.status)) return { id: invoice.id, copied: false };
      const { data } = await invoicesApi.draftCopy(invoice.id);
      return { id: data.id, copied: true };
    },
    onSuccess: async (result) => {
      if (result.copied) {
        toast.success(INVOICE_MESSAGES.editCopy);
        await invalidate();
      }
      await navigate({ to: '/workorder/invoices/$id/create', params: { id: result.id } });
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : INVOICE_MESSAGES.notFound),
  });

  const remove = useMutation({
    mutationFn: (id: string) => invoicesApi.remove(id),
    onSuccess: async (message) => {
      toast.success(message);
      await invalidate();
    },
    onError: (error) => toast.error(messageOf(error)),
  });

  const voidIt = useMutation({
    mutationFn: (id: string) => invoicesApi.void(id),
    onSuccess: () => invalidate(),
    onError: (error) => toast.error(messageOf(error)),
  });

  return { edit, remove, void: voidIt };
}

export { useInvalidateBilling };
