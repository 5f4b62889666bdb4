import { PNG } from '../modules/billing/billing.fixture.ts';

/**
 * A request good enough to pass each route's validation, so the security suites see the guard's and the
 * service's answer instead of a 400. Shared by the cross-tenant probe (another company's ids) and the role
 * matrix (the caller's own company's ids).
 */
export type RouteIds = {
  customer: string;
  address: string;
  job: string;
  /** The caller's task (a field user's own; for the office, a technician's), scheduled today. */
  task: string;
  schedule: string;
  /** A task with a running clock-in and its work period. */
  clockTask: string;
  activity: string;
  /** A clocked-out task of the caller's (for the office, a technician's): closing it is up to the role. */
  closeTask: string;
  bidTask: string;
  bid: string;
  timeOff: string;
  note: string;
  media: string;
  lead: string;
  /** A photo on `lead` (a file the customer sent with a request for work). */
  leadPhoto: string;
  /** A team member the caller may read or manage (never the caller). */
  user: string;
  /** A technician whose tasks and time off the office manages. */
  technician: string;
  invitation: string;
  invitationToken: string;
  zone: string;
  tag: string;
  subcontractor: string;
  token: string;
  bearer: string;
  vehicle: string;
  vin: string;
  estimate: string;
  sentEstimate: string;
  approvedEstimate: string;
  invoice: string;
  sentInvoice: string;
  catalogue: string;
  cost: string;
  call: string;
  asset: string;
  /** A signed-up account of the company (password TEST_PASSWORD), for the login route. */
  loginEmail: string;
  /** An email the company sent (an invitation's), and its outbox job. */
  message: string;
  backgroundJob: string;
  /** A notification told to the company's office readers (the caller among them). */
  notification: string;
  /** The company's customer portal address (tenants.portal_slug), for the portal's public routes. */
  portalSlug: string;
  /** A service plan of the company. */
  plan: string;
  /** The token of a live visit link to `task` (what the customer's visit page posts). */
  visitToken: string;
  /** The token of a live visit link to a visit whose technician has a photo. */
  visitPhotoToken: string;
};

export type RouteRequest = { url: string; payload?: object | Buffer; headers?: Record<string, string> };
export type Build = (ids: RouteIds) => RouteRequest;

export const day = 86_400_000;
export const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Bodies of the routes that take an id, by route: the cross-tenant probe sends them with another company's ids. */
export const ID_ROUTE_BODIES: Record<string, (ids: RouteIds) => object> = {
  'PUT /api/user/:id': () => ({ name: 'Renamed', tags: [], zones: [], version: 1 }),
  'PATCH /api/user/:id/role': () => ({ role: 'Staff', access: 'noAccess' }),
  'PATCH /api/user/:id/status': () => ({ status: 'DISABLED' }),
  'PUT /api/zones/:id': () => ({ name: 'Renamed zone' }),
  'PUT /api/tags/:id': () => ({ name: 'Renamed tag' }),
  'PUT /api/customers/:id': () => ({ name: 'Renamed', customerAddress: [{ addressLine1: 'x', fullAddress: 'x' }], contacts: [], tags: [], version: 1 }),
  'PUT /api/subcontractors/:id': () => ({ name: 'Renamed', kind: 'COMPANY', tags: [], zones: [], version: 1 }),
  'PUT /api/jobs/:id': (i) => ({ siteAddressId: i.address, name: 'Renamed', version: 1 }),
  'POST /api/plans/:id/actions': () => ({ action: 'pause', version: 1 }),
  'PUT /api/plans/:id': (i) => ({
    name: 'Matrix plan renamed',
    recurrence: {
      frequency: 'monthly',
      interval: 1,
      weekdays: [],
      monthDay: { kind: 'day', day: 15 },
      months: [],
      startDate: at(day).slice(0, 10),
      endDate: null,
      time: '08:00',
      durationMinutes: 60,
      arrivalWindowMinutes: 0,
    },
    visitTemplate: {
      taskName: 'Matrix visit',
      description: null,
      assignTo: 'SUBCONTRACTOR',
      assignedTechnicianId: null,
      assignedSubcontractorId: i.subcontractor,
      productServices: [],
    },
    billing: 'monthly',
    price: 55,
    version: 1,
  }),
  'PATCH /api/notes/:id': () => ({ note: 'Edited' }),
  'PATCH /api/jobs/:id/status': () => ({ action: 'CANCELLED' }),
  'PUT /api/tasks/:id': () => ({ name: 'Renamed', version: 1 }),
  'PATCH /api/tasks/:id': () => ({ isCancelled: true }),
  'POST /api/tasks/:id/on-my-way': () => ({ minutes: 30 }),
  'POST /api/tasks/:id/notes': () => ({ note: 'Matrix task note' }),
  'PUT /api/tasks/schedule/:scheduleId': () => ({ startDateTime: at(9 * day), version: 1 }),
  'POST /api/bids/:id/answer': () => ({ amount: 1 }),
  'POST /api/bids/:id/decline': () => ({}),
  'PATCH /api/tasks/:id/activities/:activityId': () => ({ startDateTime: at(-2 * 3_600_000) }),
  'PUT /api/vehicles/:id': () => ({ name: 'Renamed', vin: '1HGCM82633A000001', isActive: false, version: 1 }),
  'PUT /api/estimates/:id': (i) => ({ jobInfo: { type: 'NonJob', accountId: i.customer }, estimateInfo: {}, productServices: [], version: 1 }),
  'POST /api/estimates/:id/deposit': () => ({ paidOn: '2026-11-20', method: 'CASH' }),
  'POST /api/estimates/:id/approval': () => ({ decision: 'APPROVED', signerName: 'Carla Customer', signature: PNG }),
  'PUT /api/invoices/:id': (i) => ({ jobInfo: { type: 'NonJob', accountId: i.customer }, invoiceInfo: {}, productServices: [], version: 1 }),
  'PUT /api/catalogue/:id': () => ({ name: 'Renamed', rate: 1, version: 1 }),
  'POST /api/invoices/:id/payments': () => ({ amount: 1, paidOn: '2026-01-01', method: 'CASH' }),
  'POST /api/invoices/:id/checkout': () => ({}),
  'POST /api/portal/invoices/:id/pay': () => ({}),
  'PUT /api/cost/:id': (i) => ({ costType: 'OTHER', jobId: i.job, taskId: i.task, description: 'Edited', amount: 1, version: 1 }),
  'PUT /api/assets/:id': (i) => ({ customerId: i.customer, addressId: i.address, type: 'BOILER', version: 1 }),
  'POST /api/portal/estimates/:id/approve': () => ({ signerName: 'Carla Customer', typedSignature: 'Carla Customer', acceptTerms: true }),
  'POST /api/portal/estimates/:id/decline': () => ({ reason: 'Too dear' }),
  'POST /api/portal/estimates/:id/request-changes': () => ({ comment: 'Without the boiler, please' }),
};

/** A route's request whose body is its entry in ID_ROUTE_BODIES. */
export const withBody =
  (route: string, url: (i: RouteIds) => string): Build =>
  (i) => ({ url: url(i), payload: ID_ROUTE_BODIES[route]!(i) });
