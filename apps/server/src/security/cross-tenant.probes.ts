import type { Session } from '../test-support/test-app.ts';
import { ID_ROUTE_BODIES, type RouteIds } from './route-request-bodies.ts';

/**
 * The cross-tenant probe's table: for each id-bearing route, which of company B's ids it is sent (and the body
 * and caller where the route needs them). Filled in by the suite's setup through `state`.
 */
export const state: { ids: Record<string, string>; extra: Record<string, string>; aSub: Session | null; aPortal: { cookie: string } | null } = {
  ids: {},
  extra: {},
  aSub: null,
  aPortal: null,
};

/**
 * `as`: who sends it when the route is not an admin's (a subcontractor login of company A answering bids, a
 * customer of company A signed in to the portal).
 */
export type Probe = {
  id: () => string;
  body?: () => unknown;
  as?: () => { cookie: string };
  /** Values of the path's further ids (each B's, or random for the missing case). */ more?: () => Record<string, string>;
};
/** The shared valid body of a route, naming company A's own customer and site where a body needs one. */
const bodyOf = (key: string) => () => ID_ROUTE_BODIES[key]!({ ...state.ids, customer: state.extra.aCustomer!, address: state.extra.aAddress! } as RouteIds);
export const PROBES: Record<string, Probe> = {
  'GET /api/user/:id': { id: () => state.ids.user! },
  'PUT /api/user/:id': { id: () => state.ids.user!, body: bodyOf('PUT /api/user/:id') },
  'GET /api/user/:id/photo': { id: () => state.ids.user! },
  'PATCH /api/user/:id/role': { id: () => state.ids.user!, body: bodyOf('PATCH /api/user/:id/role') },
  'PATCH /api/user/:id/status': { id: () => state.ids.user!, body: bodyOf('PATCH /api/user/:id/status') },
  'GET /api/user/invitation/:id': { id: () => state.ids.invitation! },
  'DELETE /api/user/invitation/:id': { id: () => state.ids.invitation! },
  'PUT /api/zones/:id': { id: () => state.ids.zone!, body: bodyOf('PUT /api/zones/:id') },
  'DELETE /api/zones/:id': { id: () => state.ids.zone! },
  'PUT /api/tags/:id': { id: () => state.ids.tag!, body: bodyOf('PUT /api/tags/:id') },
  'DELETE /api/tags/:id': { id: () => state.ids.tag! },
  'GET /api/customers/:id': { id: () => state.ids.customer! },
  'PUT /api/customers/:id': {
    id: () => state.ids.customer!,
    body: bodyOf('PUT /api/customers/:id'),
  },
  'GET /api/subcontractors/:id': { id: () => state.ids.subcontractor! },
  'PUT /api/subcontractors/:id': { id: () => state.ids.subcontractor!, body: bodyOf('PUT /api/subcontractors/:id') },
  'DELETE /api/tokens/:id': { id: () => state.ids.token! },
  'GET /api/plans/:id': { id: () => state.ids.plan! },
  'PUT /api/plans/:id': { id: () => state.ids.plan!, body: bodyOf('PUT /api/plans/:id') },
  'GET /api/plans/:id/visits': { id: () => state.ids.plan! },
  'POST /api/plans/:id/actions': { id: () => state.ids.plan!, body: bodyOf('POST /api/plans/:id/actions') },
  'GET /api/jobs/:id': { id: () => state.ids.job! },
  'PUT /api/jobs/:id': { id: () => state.ids.job!, body: bodyOf('PUT /api/jobs/:id') },
  'GET /api/jobs/:id/activities': { id: () => state.ids.job! },
  'PATCH /api/notes/:id': { id: () => state.ids.note!, body: bodyOf('PATCH /api/notes/:id') },
  'DELETE /api/notes/:id': { id: () => state.ids.note! },
  'GET /api/jobs/media/:id/file': { id: () => state.ids.media! },
  'DELETE /api/jobs/media/:id': { id: () => state.ids.media! },
  'GET /api/leads/:id': { id: () => state.ids.lead! },
  'GET /api/leads/:id/photos/:fileId': { id: () => state.ids.lead!, more: () => ({ fileId: state.ids.leadPhoto! }) },
  'PATCH /api/jobs/:id/status': { id: () => state.ids.job!, body: bodyOf('PATCH /api/jobs/:id/status') },
  'GET /api/tasks/:id': { id: () => state.ids.task! },
  'PUT /api/tasks/:id': { id: () => state.ids.task!, body: bodyOf('PUT /api/tasks/:id') },
  'PATCH /api/tasks/:id': { id: () => state.ids.task!, body: bodyOf('PATCH /api/tasks/:id') },
  'POST /api/tasks/:id/on-my-way': { id: () => state.ids.task!, body: bodyOf('POST /api/tasks/:id/on-my-way') },
  'GET /api/tasks/:id/notes': { id: () => state.ids.task! },
  'POST /api/tasks/:id/notes': { id: () => state.ids.task!, body: bodyOf('POST /api/tasks/:id/notes') },
  'GET /api/tasks/:id/photos': { id: () => state.ids.task! },
  'POST /api/tasks/:id/photos': { id: () => state.ids.task! },
  'GET /api/tasks/:id/photos/:mediaId/file': { id: () => state.ids.task!, more: () => ({ mediaId: state.ids.media! }) },
  'GET /api/tasks/:id/activities': { id: () => state.ids.task! },
  'GET /api/tasks/:id/activity-log': { id: () => state.ids.task! },
  'PUT /api/tasks/schedule/:scheduleId': { id: () => state.ids.schedule!, body: bodyOf('PUT /api/tasks/schedule/:scheduleId') },
  'DELETE /api/time-off/:id': { id: () => state.ids.timeOff! },
  'GET /api/tasks/:id/bids': { id: () => state.ids.task! },
  'POST /api/tasks/:id/bids/close': { id: () => state.ids.bidTask! },
  'POST /api/bids/:id/answer': { id: () => state.ids.bid!, body: bodyOf('POST /api/bids/:id/answer'), as: () => state.aSub! },
  'POST /api/bids/:id/decline': { id: () => state.ids.bid!, body: bodyOf('POST /api/bids/:id/decline'), as: () => state.aSub! },
  'POST /api/bids/:id/award': { id: () => state.ids.bid! },
  'PATCH /api/tasks/:id/activities/:activityId': {
    id: () => state.ids.clockTask!,
    more: () => ({ activityId: state.ids.activity! }),
    body: bodyOf('PATCH /api/tasks/:id/activities/:activityId'),
  },
  'GET /api/vehicles/:id': { id: () => state.ids.vehicle! },
  'PUT /api/vehicles/:id': { id: () => state.ids.vehicle!, body: bodyOf('PUT /api/vehicles/:id') },
  'DELETE /api/vehicles/:id': { id: () => state.ids.vehicle! },
  'GET /api/estimates/:id': { id: () => state.ids.estimate! },
  'GET /api/estimates/:id/pdf': { id: () => state.ids.estimate! },
  'PUT /api/estimates/:id': { id: () => state.ids.estimate!, body: bodyOf('PUT /api/estimates/:id') },
  'DELETE /api/estimates/:id': { id: () => state.ids.estimate! },
  'GET /api/estimates/:id/email-draft': { id: () => state.ids.estimate! },
  'POST /api/estimates/:id/send': { id: () => state.ids.estimate! },
  'POST /api/estimates/:id/void': { id: () => state.ids.estimate! },
  'POST /api/estimates/:id/draft': { id: () => state.ids.sentEstimate! },
  'POST /api/estimates/:id/convert': { id: () => state.ids.approvedEstimate! },
  'POST /api/estimates/:id/deposit': { id: () => state.ids.sentEstimate!, body: bodyOf('POST /api/estimates/:id/deposit') },
  'POST /api/estimates/:id/approval': { id: () => state.ids.estimate!, body: bodyOf('POST /api/estimates/:id/approval') },
  'GET /api/invoices/:id': { id: () => state.ids.invoice! },
  'GET /api/invoices/:id/pdf': { id: () => state.ids.invoice! },
  'PUT /api/invoices/:id': { id: () => state.ids.invoice!, body: bodyOf('PUT /api/invoices/:id') },
  'DELETE /api/invoices/:id': { id: () => state.ids.invoice! },
  'GET /api/invoices/:id/email-draft': { id: () => state.ids.invoice! },
  'POST /api/invoices/:id/send': { id: () => state.ids.invoice! },
  'POST /api/invoices/:id/void': { id: () => state.ids.invoice! },
  'POST /api/invoices/:id/draft': { id: () => state.ids.sentInvoice! },
  'GET /api/catalogue/:id': { id: () => state.ids.catalogue! },
  'PUT /api/catalogue/:id': { id: () => state.ids.catalogue!, body: bodyOf('PUT /api/catalogue/:id') },
  'DELETE /api/catalogue/:id': { id: () => state.ids.catalogue! },
  'POST /api/invoices/:id/payments': { id: () => state.ids.sentInvoice!, body: bodyOf('POST /api/invoices/:id/payments') },
  'POST /api/invoices/:id/checkout': { id: () => state.ids.sentInvoice!, body: bodyOf('POST /api/invoices/:id/checkout') },
  'GET /api/cost/analysis/:id': { id: () => state.ids.job! },
  'PUT /api/cost/:id': { id: () => state.ids.cost!, body: bodyOf('PUT /api/cost/:id') },
  'DELETE /api/cost/:id': { id: () => state.ids.cost! },
  'GET /api/receptionist/calls/:id': { id: () => state.ids.call! },
  'PUT /api/assets/:id': { id: () => state.ids.asset!, body: bodyOf('PUT /api/assets/:id') },
  'DELETE /api/assets/:id': { id: () => state.ids.asset! },
  'GET /api/messages/:id': { id: () => state.ids.message! },
  'POST /api/messages/:id/retry': { id: () => state.ids.message! },
  'POST /api/notifications/:id/read': { id: () => state.ids.notification! },
  'POST /api/delivery/jobs/:id/retry': { id: () => state.ids.backgroundJob! },
  'GET /api/estimates/:id/portal-links': { id: () => state.ids.sentEstimate! },
  'POST /api/estimates/:id/portal-links/revoke': { id: () => state.ids.sentEstimate! },
  'GET /api/invoices/:id/portal-links': { id: () => state.ids.sentInvoice! },
  'POST /api/invoices/:id/portal-links/revoke': { id: () => state.ids.sentInvoice! },
  // The portal's signed-in routes, as a customer of company A (a staff session gets 401 there: role-matrix.ts).
  'GET /api/portal/visits/:id/technician-photo': { id: () => state.ids.task!, as: () => state.aPortal! },
  'GET /api/portal/estimates/:id': { id: () => state.ids.sentEstimate!, as: () => state.aPortal! },
  'GET /api/portal/estimates/:id/pdf': { id: () => state.ids.sentEstimate!, as: () => state.aPortal! },
  'POST /api/portal/estimates/:id/approve': {
    id: () => state.ids.sentEstimate!,
    body: bodyOf('POST /api/portal/estimates/:id/approve'),
    as: () => state.aPortal!,
  },
  'POST /api/portal/estimates/:id/decline': {
    id: () => state.ids.sentEstimate!,
    body: bodyOf('POST /api/portal/estimates/:id/decline'),
    as: () => state.aPortal!,
  },
  'POST /api/portal/estimates/:id/request-changes': {
    id: () => state.ids.sentEstimate!,
    body: bodyOf('POST /api/portal/estimates/:id/request-changes'),
    as: () => state.aPortal!,
  },
  'GET /api/portal/invoices/:id': { id: () => state.ids.sentInvoice!, as: () => state.aPortal! },
  'GET /api/portal/invoices/:id/pdf': { id: () => state.ids.sentInvoice!, as: () => state.aPortal! },
  'POST /api/portal/invoices/:id/pay': { id: () => state.ids.sentInvoice!, body: bodyOf('POST /api/portal/invoices/:id/pay'), as: () => state.aPortal! },
  'POST /api/portal/estimates/:id/pay-deposit': { id: () => state.ids.sentEstimate!, as: () => state.aPortal! },
};
