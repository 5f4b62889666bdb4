import { withBody, type Build } from './route-request-bodies.ts';

/** One valid request per customer-portal route (added to ROUTE_REQUESTS). */
export const PORTAL_ROUTE_REQUESTS: Record<string, Build> = {
  // The customer portal: its public routes name the company by its portal address; the others act for the customer of the portal cookie.
  'GET /api/portal/companies/:slug': (i) => ({ url: `/api/portal/companies/${i.portalSlug}` }),
  'GET /api/portal/companies/:slug/logo': (i) => ({ url: `/api/portal/companies/${i.portalSlug}/logo` }),
  'POST /api/portal/companies/:slug/sign-in-link': (i) => ({
    url: `/api/portal/companies/${i.portalSlug}/sign-in-link`,
    payload: { email: `portal-${Math.random().toString(36).slice(2)}@matrix.test` },
  }),
  'POST /api/portal/companies/:slug/work-requests': (i) => ({
    url: `/api/portal/companies/${i.portalSlug}/work-requests`,
    payload: { description: 'A dripping tap', name: 'Pat Public', email: `portal-${Math.random().toString(36).slice(2)}@matrix.test`, address: '1 Matrix St' },
  }),
  'POST /api/portal/session': () => ({ url: '/api/portal/session', payload: { token: 'A'.repeat(43) } }),
  'POST /api/portal/visit': (i) => ({ url: '/api/portal/visit', payload: { token: i.visitToken } }),
  'POST /api/portal/visit/technician-photo': (i) => ({ url: '/api/portal/visit/technician-photo', payload: { token: i.visitPhotoToken } }),
  'DELETE /api/portal/session': () => ({ url: '/api/portal/session' }),
  'GET /api/portal/me': () => ({ url: '/api/portal/me' }),
  'GET /api/portal/hub': () => ({ url: '/api/portal/hub' }),
  'GET /api/portal/visits/:id/technician-photo': (i) => ({ url: `/api/portal/visits/${i.task}/technician-photo` }),
  'GET /api/portal/estimates/:id': (i) => ({ url: `/api/portal/estimates/${i.sentEstimate}` }),
  'GET /api/portal/estimates/:id/pdf': (i) => ({ url: `/api/portal/estimates/${i.sentEstimate}/pdf` }),
  'POST /api/portal/estimates/:id/approve': withBody('POST /api/portal/estimates/:id/approve', (i) => `/api/portal/estimates/${i.sentEstimate}/approve`),
  'POST /api/portal/estimates/:id/decline': withBody('POST /api/portal/estimates/:id/decline', (i) => `/api/portal/estimates/${i.sentEstimate}/decline`),
  'POST /api/portal/estimates/:id/request-changes': withBody(
    'POST /api/portal/estimates/:id/request-changes',
    (i) => `/api/portal/estimates/${i.sentEstimate}/request-changes`,
  ),
  'GET /api/portal/invoices/:id': (i) => ({ url: `/api/portal/invoices/${i.sentInvoice}` }),
  'GET /api/portal/invoices/:id/pdf': (i) => ({ url: `/api/portal/invoices/${i.sentInvoice}/pdf` }),
  'POST /api/portal/invoices/:id/pay': withBody('POST /api/portal/invoices/:id/pay', (i) => `/api/portal/invoices/${i.sentInvoice}/pay`),
  'POST /api/portal/estimates/:id/pay-deposit': (i) => ({ url: `/api/portal/estimates/${i.sentEstimate}/pay-deposit` }),
  'POST /api/portal/work-requests': (i) => ({ url: '/api/portal/work-requests', payload: { description: 'A dripping tap', siteId: i.address } }),
};
