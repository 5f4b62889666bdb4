/**
 * The customer portal's calls, and the office's view of a document's personal links. Portal calls carry the
 * portal's own cookie; a 401 there means the customer's session ended, never "sign in as staff", so none of
 * them trigger the staff app's sign-in redirect.
 */
import type {
  PortalApproveBody,
  PortalChangesBody,
  PortalCompany,
  PortalDeclineBody,
  PortalEstimate,
  PortalHub,
  PortalInvoice,
  PortalLink,
  PortalMe,
  PortalSessionAnswer,
  PublicWorkRequestBody,
  PortalWorkRequestBody,
} from '@fieldwork/domain/portal/portal.schemas';
import type { CheckoutAnswer, PayBody, TestCheckout } from '@fieldwork/domain/payments/payments.schemas';
import { WORK_REQUEST_PHOTO_FIELD } from '@fieldwork/domain/portal/work-request-photos.rules';
import { API_BASE, api, type DataOf } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';

const portal = { skipAuthRedirect: true } as const;

/** A request for work goes as JSON, or as multipart/form-data of the same fields when it carries photos. */
function workRequestPayload(body: object, photos: readonly File[]): object | FormData {
  if (photos.length === 0) return body;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) if (value !== undefined && value !== null) form.append(key, String(value));
  for (const photo of photos) form.append(WORK_REQUEST_PHOTO_FIELD, photo, photo.name);
  return form;
}
const data = async <T>(p: Promise<DataOf<T>>): Promise<T> => (await p).data;

export type PortalDocumentKind = 'estimate' | 'invoice';

export const portalKeys = {
  all: ['portal'] as const,
  company: (slug: string) => ['portal', 'company', slug] as const,
  me: ['portal', 'me'] as const,
  hub: ['portal', 'hub'] as const,
  estimate: (id: string) => ['portal', 'estimate', id] as const,
  invoice: (id: string) => ['portal', 'invoice', id] as const,
  testCheckout: (companyId: string, sessionId: string) => ['portal', 'test-checkout', companyId, sessionId] as const,
  links: (kind: PortalDocumentKind, id: string) => ['portal-links', kind, id] as const,
};

const enc = encodeURIComponent;

export const portalApi = {
  company: (slug: string) => data(api.get<DataOf<PortalCompany>>(`/portal/companies/${enc(slug)}`, portal)),
  requestSignInLink: (slug: string, email: string) =>
    data(api.post<DataOf<{ message: string }>>(`/portal/companies/${enc(slug)}/sign-in-link`, { email }, portal)),
  requestWorkPublic: (slug: string, body: PublicWorkRequestBody, photos: readonly File[] = []) =>
    data(api.post<DataOf<{ message: string }>>(`/portal/companies/${enc(slug)}/work-requests`, workRequestPayload(body, photos), portal)),
  openSession: (token: string) => data(api.post<DataOf<PortalSessionAnswer>>('/portal/session', { token }, portal)),
  signOut: () => api.delete<null>('/portal/session', portal),
  me: () => data(api.get<DataOf<PortalMe>>('/portal/me', portal)),
  hub: () => data(api.get<DataOf<PortalHub>>('/portal/hub', portal)),
  estimate: (id: string) => data(api.get<DataOf<PortalEstimate>>(`/portal/estimates/${enc(id)}`, portal)),
  // The key makes a retry after a lost answer safe: the server answers it again instead of "already answered".
  approve: (id: string, body: PortalApproveBody, key: string) =>
    data(api.post<DataOf<PortalEstimate>>(`/portal/estimates/${enc(id)}/approve`, body, { ...portal, headers: idempotencyHeaders(key) })),
  decline: (id: string, body: PortalDeclineBody, key: string) =>
    data(api.post<DataOf<PortalEstimate>>(`/portal/estimates/${enc(id)}/decline`, body, { ...portal, headers: idempotencyHeaders(key) })),
  requestChanges: (id: string, body: PortalChangesBody, key: string) =>
    data(api.post<DataOf<PortalEstimate>>(`/portal/estimates/${enc(id)}/request-changes`, body, { ...portal, headers: idempotencyHeaders(key) })),
  invoice: (id: string) => data(api.get<DataOf<PortalInvoice>>(`/portal/invoices/${enc(id)}`, portal)),
  /** Where to send the payer: Stripe's hosted checkout (or the demo's test checkout). */
  payInvoice: (id: string, body: PayBody) => data(api.post<CheckoutAnswer>(`/portal/invoices/${enc(id)}/pay`, body, portal)),
  payDeposit: (id: string) => data(api.post<CheckoutAnswer>(`/portal/estimates/${enc(id)}/pay-deposit`, undefined, portal)),
  testCheckout: (companyId: string, sessionId: string) =>
    data(api.get<DataOf<TestCheckout>>(`/portal/test-checkout/${enc(companyId)}/${enc(sessionId)}`, portal)),
  completeTestCheckout: (companyId: string, sessionId: string) =>
    data(api.post<CheckoutAnswer>(`/portal/test-checkout/${enc(companyId)}/${enc(sessionId)}/complete`, undefined, portal)),
  requestWork: (body: PortalWorkRequestBody, photos: readonly File[] = []) =>
    data(api.post<DataOf<{ message: string }>>('/portal/work-requests', workRequestPayload(body, photos), portal)),
};

/** The PDF routes are plain links: the browser downloads them with the portal cookie. */
export const portalPdfUrl = (kind: PortalDocumentKind, id: string) => `${API_BASE}/portal/${kind === 'estimate' ? 'estimates' : 'invoices'}/${enc(id)}/pdf`;

const linksPath = (kind: PortalDocumentKind, id: string) => `/${kind === 'estimate' ? 'estimates' : 'invoices'}/${enc(id)}/portal-links`;

/** Staff side: the personal links sent for one document. */
export const portalLinksApi = {
  list: (kind: PortalDocumentKind, id: string) => data(api.get<DataOf<PortalLink[]>>(linksPath(kind, id))),
  revoke: (kind: PortalDocumentKind, id: string) => data(api.post<DataOf<PortalLink[]>>(`${linksPath(kind, id)}/revoke`)),
};
