/**
 * Estimates, invoices and the products & services catalogue, as the screens call them.
 * One module for both documents: they share the payload shape, the list query and the link and PDF calls.
 */
import type { CheckoutAnswer, PayBody } from '@fieldwork/domain/payments/payments.schemas';
import type { DatePreset } from '@fieldwork/domain/time/date-presets.rules';
import type { DocumentOrderKey } from '@fieldwork/domain/billing/billing.schemas';
import type { CatalogueItem } from '@fieldwork/domain/billing/catalogue.schemas';
import type {
  CreateEstimateBody,
  DepositBody,
  Estimate,
  EstimateListItem,
  ApprovalBody,
  UpdateEstimateBody,
} from '@fieldwork/domain/billing/estimates.schemas';
import type { EstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import type { CreateInvoiceBody, Invoice, InvoiceListItem, PaymentBody, UpdateInvoiceBody } from '@fieldwork/domain/billing/invoices.schemas';
import type { InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import type { EmailDraft, SendDocumentBody } from '@fieldwork/domain/messages/messages.schemas';
import { API_BASE, ApiError, api, type DataOf, type DataPage } from '../../lib/api-client';

export type DocumentKind = 'estimate' | 'invoice';

export type DocumentListParams<S extends string> = {
  page: number;
  limit: number;
  search?: string;
  orderByKey: DocumentOrderKey;
  orderByValue: 'asc' | 'desc';
  statuses?: readonly S[];
  createdOn?: DatePreset;
  jobId?: string;
  /** The link panel lists only documents without a job. */
  unlinked?: boolean;
  /** Invoices only (the dashboard's overdue link): sent and due before the company's today. */
  overdue?: boolean;
};

export const billingKeys = {
  emailDraft: (kind: DocumentKind, id: string) => ['billing', 'email-draft', kind, id] as const,
  all: ['billing'] as const,
  estimates: ['billing', 'estimates'] as const,
  estimateList: (params: unknown) => ['billing', 'estimates', 'list', params] as const,
  estimate: (id: string) => ['billing', 'estimates', 'detail', id] as const,
  invoices: ['billing', 'invoices'] as const,
  invoiceList: (params: unknown) => ['billing', 'invoices', 'list', params] as const,
  invoice: (id: string) => ['billing', 'invoices', 'detail', id] as const,
  catalogue: (search: string) => ['billing', 'catalogue', search] as const,
};

const listQuery = <S extends string>(numberKey: string, { search, statuses, unlinked, ...params }: DocumentListParams<S>) => ({
  ...params,
  searchBy: numberKey,
  searchText: search || undefined,
  status: statuses && statuses.length > 0 ? statuses : undefined,
  unlinked: unlinked === undefined ? undefined : String(unlinked),
});

export const estimatesApi = {
  list: (params: DocumentListParams<EstimateStatus>) => api.get<DataPage<EstimateListItem>>('/estimates', { query: listQuery('estimateNumber', params) }),
  get: async (id: string) => (await api.get<DataOf<Estimate>>(`/estimates/${id}`)).data,
  create: async (body: CreateEstimateBody) => (await api.post<DataOf<Estimate>>('/estimates', body)).data,
  update: async (id: string, body: UpdateEstimateBody) => (await api.put<DataOf<Estimate>>(`/estimates/${id}`, body)).data,
  remove: async (id: string) => (await api.delete<{ message: string }>(`/estimates/${id}`)).message,
  /** Marked sent; with `email`, also emailed with its PDF (queued: the request does not wait for the mail server). */
  send: async (id: string, body?: SendDocumentBody) => (await api.post<DataOf<Estimate>>(`/estimates/${id}/send`, body)).data,
  emailDraft: async (id: string) => (await api.get<DataOf<EmailDraft>>(`/estimates/${id}/email-draft`)).data,
  void: (id: string) => api.post<{ data: Estimate; message: string }>(`/estimates/${id}/void`),
  draftCopy: (id: string) => api.post<{ data: Estimate; message: string }>(`/estimates/${id}/draft`),
  convert: (id: string) => api.post<{ data: { id: string; invoiceNumber: number }; message: string }>(`/estimates/${id}/convert`),
  approve: async (id: string, body: ApprovalBody) => (await api.post<DataOf<Estimate>>(`/estimates/${id}/approval`, body)).data,
  /** Payment and deposit bodies travel in dollars (the schema turns them into cents on the server). */
  recordDeposit: (id: string, body: DepositBody) => api.post<{ data: Estimate; message: string }>(`/estimates/${id}/deposit`, body),
  link: (estimateId: string, jobId: string) =>
    api.post<{ data: { id: string; jobId: string; jobNumber: number }; message: string }>('/estimates/link', { estimateId, jobId }),
};

export const invoicesApi = {
  list: (params: DocumentListParams<InvoiceStatus>) => api.get<DataPage<InvoiceListItem>>('/invoices', { query: listQuery('invoiceNumber', params) }),
  get: async (id: string) => (await api.get<DataOf<Invoice>>(`/invoices/${id}`)).data,
  create: async (body: CreateInvoiceBody) => (await api.post<DataOf<Invoice>>('/invoices', body)).data,
  update: async (id: string, body: UpdateInvoiceBody) => (await api.put<DataOf<Invoice>>(`/invoices/${id}`, body)).data,
  remove: async (id: string) => (await api.delete<{ message: string }>(`/invoices/${id}`)).message,
  send: async (id: string, body?: SendDocumentBody) => (await api.post<DataOf<Invoice>>(`/invoices/${id}/send`, body)).data,
  emailDraft: async (id: string) => (await api.get<DataOf<EmailDraft>>(`/invoices/${id}/email-draft`)).data,
  void: async (id: string) => (await api.post<DataOf<Invoice>>(`/invoices/${id}/void`)).data,
  draftCopy: (id: string) => api.post<{ data: Invoice; message: string }>(`/invoices/${id}/draft`),
  /** "Take card payment": a checkout for the whole balance, opened by the office for a customer at hand. */
  checkout: async (id: string, body: PayBody = {}) => (await api.post<CheckoutAnswer>(`/invoices/${id}/checkout`, body)).data,
  recordPayment: async (id: string, body: PaymentBody) => (await api.post<DataOf<Invoice>>(`/invoices/${id}/payments`, body)).data,
  link: (invoiceId: string, jobId: string) =>
    api.post<{ data: { id: string; jobId: string; jobNumber: number }; message: string }>('/invoices/link', { invoiceId, jobId }),
};

export const catalogueApi = {
  search: async (searchText: string) =>
    (await api.get<DataPage<CatalogueItem>>('/catalogue', { query: { page: 1, limit: 20, searchText: searchText || undefined } })).data,
};

/** Where the server renders a document's PDF. */
export const pdfPath = (kind: DocumentKind, id: string) => `${API_BASE}/${kind === 'estimate' ? 'estimates' : 'invoices'}/${id}/pdf`;

/** Fetches a document's PDF as a blob; one retry, as the spec says ("one attempt with one retry"). */
export async function fetchPdf(kind: DocumentKind, id: string, signal?: AbortSignal): Promise<Blob> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const response = await fetch(pdfPath(kind, id), { credentials: 'same-origin', signal });
      if (response.ok) return await response.blob();
      lastError = new ApiError(response.status, 'INTERNAL', `PDF request failed (${response.status})`);
      // A refusal will not change on retry.
      if (response.status < 500) break;
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
    }
  }
  throw lastError;
}
