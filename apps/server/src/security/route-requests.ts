import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD } from '../test-support/test-app.ts';
import { estimateBody, invoiceBody, PNG } from '../modules/billing/billing.fixture.ts';
import { pngImage } from '@fieldwork/testing/image-samples';

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
  /** The token of a live visit link to `task` (what the customer's visit page posts). */
  visitToken: string;
  /** The token of a live visit link to a visit whose technician has a photo. */
  visitPhotoToken: string;
};

export type RouteRequest = { url: string; payload?: object | Buffer; headers?: Record<string, string> };
type Build = (ids: RouteIds) => RouteRequest;

const day = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
const range = () => q({ startDateTime: at(-day), endDateTime: at(7 * day) });
const BOUNDARY = 'fwrouterequest';
const PNG_BYTES = pngImage(8, 8);

/** A multipart body with one PNG file in the field "file". */
export function pngUpload(name = 'photo.png'): { payload: Buffer; headers: Record<string, string> } {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), PNG_BYTES, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const signup = () => ({
  companyName: 'Matrix Co',
  timeZone: 'America/New_York',
  name: 'Matrix Admin',
  email: `m-${Math.random().toString(36).slice(2)}@matrix.test`,
  password: 'matrix-password-2026',
});
const aiText = { aiTextType: 'JobDescription', requestType: 'Generate', inputData: { jobName: 'Boiler service' } };
const customerBody = { name: 'Matrix customer', customerAddress: [{ addressLine1: '2 Side St', fullAddress: '2 Side St, Springfield' }], contacts: [] };

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
  'PATCH /api/notes/:id': () => ({ note: 'Edited' }),
  'PATCH /api/jobs/:id/status': () => ({ action: 'CANCELLED' }),
  'PUT /api/tasks/:id': () => ({ name: 'Renamed', version: 1 }),
  'PATCH /api/tasks/:id': () => ({ isCancelled: true }),
  'POST /api/tasks/:id/on-my-way': () => ({ minutes: 30 }),
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

const withBody =
  (route: string, url: (i: RouteIds) => string): Build =>
  (i) => ({ url: url(i), payload: ID_ROUTE_BODIES[route]!(i) });

/** Every /api route: a request that passes validation, built from one company's ids. */
export const ROUTE_REQUESTS: Record<string, Build> = {
  'GET /api/docs': () => ({ url: '/api/docs' }),
  'GET /api/docs/static/index.html': () => ({ url: '/api/docs/static/index.html' }),
  'GET /api/docs/static/swagger-initializer.js': () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  'GET /api/docs/json': () => ({ url: '/api/docs/json' }),
  'GET /api/docs/yaml': () => ({ url: '/api/docs/yaml' }),
  'GET /api/docs/static/*': () => ({ url: '/api/docs/static/swagger-ui.css' }),
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  'GET /api/events': () => ({ url: '/api/events' }),
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/ready': () => ({ url: '/api/ready' }),
  'GET /api/auth/setup-status': () => ({ url: '/api/auth/setup-status' }),
  'POST /api/auth/setup': () => ({ url: '/api/auth/setup', payload: signup() }),
  'POST /api/auth/signup': () => ({ url: '/api/auth/signup', payload: signup() }),
  'POST /api/auth/login': (i) => ({ url: '/api/auth/login', payload: { email: i.loginEmail, password: TEST_PASSWORD } }),
  'POST /api/auth/logout': () => ({ url: '/api/auth/logout' }),
  'GET /api/auth/invitation': (i) => ({ url: `/api/auth/invitation?${q({ token: i.invitationToken })}` }),
  'POST /api/auth/accept-invitation': () => ({
    url: '/api/auth/accept-invitation',
    payload: { token: 'not-a-real-invitation-token-000000', name: 'New Person', password: 'new-password-2026' },
  }),
  'GET /api/company': () => ({ url: '/api/company' }),
  'GET /api/company/payments': () => ({ url: '/api/company/payments' }),
  'PUT /api/company/payments': () => ({ url: '/api/company/payments', payload: { provider: 'stripe', publishableKey: 'pk_test_matrix', allowPartial: false } }),
  'DELETE /api/company/payments': () => ({ url: '/api/company/payments' }),
  'GET /api/company/texts': () => ({ url: '/api/company/texts' }),
  'PUT /api/company/texts': () => ({
    url: '/api/company/texts',
    payload: { provider: 'twilio', accountSid: `AC${'0'.repeat(32)}`, fromNumber: '+12015550100', country: 'US' },
  }),
  'DELETE /api/company/texts': () => ({ url: '/api/company/texts' }),
  'GET /api/company/texts/messages': () => ({ url: '/api/company/texts/messages' }),
  'POST /api/company/texts/test': () => ({ url: '/api/company/texts/test', payload: { to: '+12015550100' } }),
  'GET /api/company/texts/preferences': () => ({ url: '/api/company/texts/preferences' }),
  'PUT /api/company/texts/preferences': () => ({
    url: '/api/company/texts/preferences',
    payload: {
      remindersOn: true,
      reminderHours: 24,
      quietHoursOn: true,
      quietStart: '21:00',
      quietEnd: '08:00',
      bookingConfirmation: false,
      jobCompleted: false,
      templates: { reminder: '{companyName}: see you {date} at {time}.' },
    },
  }),
  'PUT /api/company': () => ({ url: '/api/company', payload: { name: 'Matrix Co renamed', timeZone: 'America/New_York', version: 1 } }),
  'GET /api/user/profile': () => ({ url: '/api/user/profile' }),
  'PUT /api/user/profile': () => ({ url: '/api/user/profile', payload: { name: 'Renamed Me' } }),
  'GET /api/user/notices': () => ({ url: '/api/user/notices' }),
  'PUT /api/user/notices': () => ({ url: '/api/user/notices', payload: { assignment: 'email' } }),
  'PUT /api/user/profile/password': () => ({
    url: '/api/user/profile/password',
    payload: { currentPassword: 'not-the-password-2026', newPassword: 'another-password-2026' },
  }),
  'PUT /api/user/profile/photo': () => ({ url: '/api/user/profile/photo', ...pngUpload() }),
  'POST /api/company/verification': () => ({ url: '/api/company/verification' }),
  'POST /api/auth/forgot-password': (i) => ({ url: '/api/auth/forgot-password', payload: { email: i.loginEmail } }),
  'POST /api/auth/reset-password': () => ({ url: '/api/auth/reset-password', payload: { token: 'A'.repeat(43), password: 'matrix-password-2026' } }),
  'POST /api/auth/verify-email': () => ({ url: '/api/auth/verify-email', payload: { token: 'A'.repeat(43) } }),
  'GET /api/company/logo': () => ({ url: '/api/company/logo' }),
  'PUT /api/company/logo': () => ({ url: '/api/company/logo', ...pngUpload('logo.png') }),
  'DELETE /api/company/logo': () => ({ url: '/api/company/logo' }),
  'DELETE /api/user/profile/photo': () => ({ url: '/api/user/profile/photo' }),
  'GET /api/user/:id/photo': (i) => ({ url: `/api/user/${i.user}/photo` }),
  'GET /api/user/managed-account': () => ({ url: '/api/user/managed-account' }),
  'GET /api/user': () => ({ url: '/api/user?limit=100' }),
  'GET /api/user/invited': () => ({ url: '/api/user/invited' }),
  'POST /api/user/invitation': () => ({
    url: '/api/user/invitation',
    payload: { email: `inv-${Math.random().toString(36).slice(2)}@matrix.test`, role: 'Technician' },
  }),
  'GET /api/user/invitation/:id': (i) => ({ url: `/api/user/invitation/${i.invitation}` }),
  'DELETE /api/user/invitation/:id': (i) => ({ url: `/api/user/invitation/${i.invitation}` }),
  'GET /api/user/:id': (i) => ({ url: `/api/user/${i.user}` }),
  'PUT /api/user/:id': withBody('PUT /api/user/:id', (i) => `/api/user/${i.user}`),
  'PATCH /api/user/:id/role': withBody('PATCH /api/user/:id/role', (i) => `/api/user/${i.user}/role`),
  'PATCH /api/user/:id/status': withBody('PATCH /api/user/:id/status', (i) => `/api/user/${i.user}/status`),
  'GET /api/zones/get-all-zones': () => ({ url: '/api/zones/get-all-zones' }),
  'POST /api/zones': () => ({ url: '/api/zones', payload: { name: `Zone ${Math.random()}` } }),
  'PUT /api/zones/:id': withBody('PUT /api/zones/:id', (i) => `/api/zones/${i.zone}`),
  'DELETE /api/zones/:id': (i) => ({ url: `/api/zones/${i.zone}` }),
  'GET /api/tags/filter-list': () => ({ url: '/api/tags/filter-list?type=SERVICE' }),
  'POST /api/tags': () => ({ url: '/api/tags', payload: { name: `Tag ${Math.random()}`, type: 'SERVICE' } }),
  'PUT /api/tags/:id': withBody('PUT /api/tags/:id', (i) => `/api/tags/${i.tag}`),
  'DELETE /api/tags/:id': (i) => ({ url: `/api/tags/${i.tag}` }),
  'GET /api/location': () => ({ url: '/api/location' }),
  'POST /api/location': () => ({ url: '/api/location', payload: { name: 'Depot', fullAddress: '9 Yard Rd', kind: 'SUPPLIER' } }),
  'GET /api/customers': () => ({ url: '/api/customers?limit=100' }),
  'POST /api/customers': () => ({ url: '/api/customers', payload: customerBody }),
  'GET /api/customers/:id': (i) => ({ url: `/api/customers/${i.customer}` }),
  'PUT /api/customers/:id': withBody('PUT /api/customers/:id', (i) => `/api/customers/${i.customer}`),
  'GET /api/subcontractors': () => ({ url: '/api/subcontractors?limit=100' }),
  'POST /api/subcontractors': () => ({ url: '/api/subcontractors', payload: { name: 'New Subs', kind: 'COMPANY' } }),
  'GET /api/subcontractors/:id': (i) => ({ url: `/api/subcontractors/${i.subcontractor}` }),
  'PUT /api/subcontractors/:id': withBody('PUT /api/subcontractors/:id', (i) => `/api/subcontractors/${i.subcontractor}`),
  'GET /api/tokens': () => ({ url: '/api/tokens' }),
  'POST /api/tokens': () => ({ url: '/api/tokens', payload: { name: 'Matrix token', scope: 'read', expiresAt: at(30 * day) } }),
  'DELETE /api/tokens/:id': (i) => ({ url: `/api/tokens/${i.token}` }),
  'GET /api/jobs': () => ({ url: '/api/jobs?limit=100' }),
  'GET /api/jobs/summary': () => ({ url: '/api/jobs/summary' }),
  'POST /api/jobs': (i) => ({ url: '/api/jobs', payload: { customerId: i.customer, siteAddressId: i.address, name: 'Matrix job' } }),
  'GET /api/jobs/:id': (i) => ({ url: `/api/jobs/${i.job}` }),
  'PUT /api/jobs/:id': withBody('PUT /api/jobs/:id', (i) => `/api/jobs/${i.job}`),
  'GET /api/jobs/:id/activities': (i) => ({ url: `/api/jobs/${i.job}/activities` }),
  'PATCH /api/jobs/:id/status': withBody('PATCH /api/jobs/:id/status', (i) => `/api/jobs/${i.job}/status`),
  'GET /api/notes': (i) => ({ url: `/api/notes?jobId=${i.job}` }),
  'POST /api/notes': (i) => ({ url: '/api/notes', payload: { noteType: 'Job', note: 'Matrix note', jobId: i.job } }),
  'PATCH /api/notes/:id': withBody('PATCH /api/notes/:id', (i) => `/api/notes/${i.note}`),
  'DELETE /api/notes/:id': (i) => ({ url: `/api/notes/${i.note}` }),
  'POST /api/jobs/media': (i) => ({ url: `/api/jobs/media?jobId=${i.job}`, ...pngUpload('site.png') }),
  'GET /api/jobs/media': (i) => ({ url: `/api/jobs/media?jobId=${i.job}` }),
  'GET /api/jobs/media/:id/file': (i) => ({ url: `/api/jobs/media/${i.media}/file` }),
  'DELETE /api/jobs/media/:id': (i) => ({ url: `/api/jobs/media/${i.media}` }),
  'POST /api/aiText/generate': () => ({ url: '/api/aiText/generate', payload: aiText }),
  'POST /api/public/aiText/generate': () => ({ url: '/api/public/aiText/generate', payload: aiText }),
  'GET /api/table-configuration': () => ({ url: '/api/table-configuration?type=JOBS' }),
  'PUT /api/table-configuration': () => ({ url: '/api/table-configuration', payload: { type: 'JOBS', config: [{ key: 'JOB_NAME', enabled: false }] } }),
  'GET /api/leads': () => ({ url: '/api/leads?limit=100' }),
  'POST /api/leads': (i) => ({ url: '/api/leads', payload: { customerId: i.customer, source: 'PHONE' } }),
  'GET /api/leads/:id': (i) => ({ url: `/api/leads/${i.lead}` }),
  'GET /api/leads/:id/photos/:fileId': (i) => ({ url: `/api/leads/${i.lead}/photos/${i.leadPhoto}` }),
  'GET /api/tasks': () => ({ url: '/api/tasks?limit=100' }),
  'POST /api/tasks': (i) => ({ url: '/api/tasks', payload: { jobId: i.job, name: 'Matrix task' } }),
  'POST /api/tasks/close': (i) => ({ url: '/api/tasks/close', payload: { taskId: i.closeTask, startDateTime: at(-3_600_000), endDateTime: at(-60_000) } }),
  'POST /api/tasks/filter-list': (i) => ({ url: '/api/tasks/filter-list', payload: { userId: i.technician, status: ['Clock-In', 'Clock-out', 'Closed'] } }),
  'GET /api/tasks/:id': (i) => ({ url: `/api/tasks/${i.task}` }),
  'PUT /api/tasks/:id': withBody('PUT /api/tasks/:id', (i) => `/api/tasks/${i.task}`),
  'PATCH /api/tasks/:id': withBody('PATCH /api/tasks/:id', (i) => `/api/tasks/${i.task}`),
  'POST /api/tasks/:id/on-my-way': withBody('POST /api/tasks/:id/on-my-way', (i) => `/api/tasks/${i.task}/on-my-way`),
  'GET /api/tasks/:id/activities': (i) => ({ url: `/api/tasks/${i.task}/activities` }),
  'GET /api/tasks/:id/activity-log': (i) => ({ url: `/api/tasks/${i.task}/activity-log` }),
  'POST /api/tasks/schedule': (i) => ({ url: '/api/tasks/schedule', payload: { taskId: i.bidTask, startDateTime: at(20 * day) } }),
  'PUT /api/tasks/schedule/:scheduleId': withBody('PUT /api/tasks/schedule/:scheduleId', (i) => `/api/tasks/schedule/${i.schedule}`),
  'GET /api/tasks/technicians': () => ({ url: `/api/tasks/technicians?${q({ startDateTime: at(day), limit: 100 })}` }),
  'GET /api/tasks/team': () => ({ url: '/api/tasks/team?limit=100' }),
  'GET /api/tasks/scheduler': () => ({ url: `/api/tasks/scheduler?${range()}` }),
  'GET /api/schedule': () => ({ url: `/api/schedule?${range()}` }),
  'GET /api/tasks/scheduler/users': () => ({ url: `/api/tasks/scheduler/users?${range()}&userType=technician` }),
  'GET /api/time-off': () => ({ url: `/api/time-off?${range()}` }),
  'POST /api/time-off': (i) => ({
    url: '/api/time-off',
    payload: { userId: i.technician, startDateTime: at(30 * day), endDateTime: at(30 * day + 3_600_000) },
  }),
  'DELETE /api/time-off/:id': (i) => ({ url: `/api/time-off/${i.timeOff}` }),
  'GET /api/bids': () => ({ url: '/api/bids?limit=100' }),
  'GET /api/tasks/:id/bids': (i) => ({ url: `/api/tasks/${i.bidTask}/bids` }),
  'POST /api/bids/:id/answer': withBody('POST /api/bids/:id/answer', (i) => `/api/bids/${i.bid}/answer`),
  'POST /api/bids/:id/decline': withBody('POST /api/bids/:id/decline', (i) => `/api/bids/${i.bid}/decline`),
  'POST /api/bids/:id/award': (i) => ({ url: `/api/bids/${i.bid}/award` }),
  'POST /api/tasks/:id/bids/close': (i) => ({ url: `/api/tasks/${i.bidTask}/bids/close` }),
  'POST /api/tasks/clock-in': (i) => ({ url: '/api/tasks/clock-in', payload: { taskId: i.task, jobId: i.job } }),
  'POST /api/tasks/clock-out': (i) => ({
    url: '/api/tasks/clock-out',
    payload: { taskId: i.clockTask, taskActivityId: i.activity, jobId: i.job, description: 'Done' },
  }),
  'PATCH /api/tasks/:id/activities/:activityId': withBody(
    'PATCH /api/tasks/:id/activities/:activityId',
    (i) => `/api/tasks/${i.clockTask}/activities/${i.activity}`,
  ),
  'GET /api/tasks/assistants': () => ({ url: '/api/tasks/assistants' }),
  'GET /api/vehicles': () => ({ url: '/api/vehicles?limit=100' }),
  'GET /api/vehicles/active': () => ({ url: '/api/vehicles/active' }),
  'GET /api/vehicles/cost': (i) => ({ url: `/api/vehicles/cost?vin=${i.vin}` }),
  'POST /api/vehicles': () => ({
    url: '/api/vehicles',
    payload: { name: 'New van', vin: `1HGCM82633A${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` },
  }),
  'GET /api/vehicles/:id': (i) => ({ url: `/api/vehicles/${i.vehicle}` }),
  'PUT /api/vehicles/:id': withBody('PUT /api/vehicles/:id', (i) => `/api/vehicles/${i.vehicle}`),
  'DELETE /api/vehicles/:id': (i) => ({ url: `/api/vehicles/${i.vehicle}` }),
  'GET /api/tasks/my-day': () => ({ url: '/api/tasks/my-day' }),
  'GET /api/estimates': (i) => ({ url: `/api/estimates?limit=100&customerFirst=${i.customer}` }),
  'POST /api/estimates': (i) => ({ url: '/api/estimates', payload: estimateBody({ accountId: i.customer }) }),
  'POST /api/estimates/link': (i) => ({ url: '/api/estimates/link', payload: { jobId: i.job, estimateId: i.estimate } }),
  'GET /api/estimates/:id': (i) => ({ url: `/api/estimates/${i.estimate}` }),
  'PUT /api/estimates/:id': withBody('PUT /api/estimates/:id', (i) => `/api/estimates/${i.estimate}`),
  'DELETE /api/estimates/:id': (i) => ({ url: `/api/estimates/${i.estimate}` }),
  'GET /api/estimates/:id/email-draft': (i) => ({ url: `/api/estimates/${i.estimate}/email-draft` }),
  'POST /api/estimates/:id/send': (i) => ({ url: `/api/estimates/${i.estimate}/send` }),
  'POST /api/estimates/:id/void': (i) => ({ url: `/api/estimates/${i.sentEstimate}/void` }),
  'POST /api/estimates/:id/draft': (i) => ({ url: `/api/estimates/${i.sentEstimate}/draft` }),
  'POST /api/estimates/:id/convert': (i) => ({ url: `/api/estimates/${i.approvedEstimate}/convert` }),
  'POST /api/estimates/:id/deposit': withBody('POST /api/estimates/:id/deposit', (i) => `/api/estimates/${i.sentEstimate}/deposit`),
  'POST /api/estimates/:id/approval': withBody('POST /api/estimates/:id/approval', (i) => `/api/estimates/${i.sentEstimate}/approval`),
  'GET /api/invoices': (i) => ({ url: `/api/invoices?limit=100&customerFirst=${i.customer}` }),
  'POST /api/invoices': (i) => ({ url: '/api/invoices', payload: invoiceBody({ accountId: i.customer }) }),
  'POST /api/invoices/link': (i) => ({ url: '/api/invoices/link', payload: { jobId: i.job, invoiceId: i.invoice } }),
  'GET /api/invoices/:id': (i) => ({ url: `/api/invoices/${i.invoice}` }),
  'PUT /api/invoices/:id': withBody('PUT /api/invoices/:id', (i) => `/api/invoices/${i.invoice}`),
  'DELETE /api/invoices/:id': (i) => ({ url: `/api/invoices/${i.invoice}` }),
  'GET /api/invoices/:id/email-draft': (i) => ({ url: `/api/invoices/${i.invoice}/email-draft` }),
  'POST /api/invoices/:id/send': (i) => ({ url: `/api/invoices/${i.invoice}/send` }),
  'POST /api/invoices/:id/void': (i) => ({ url: `/api/invoices/${i.sentInvoice}/void` }),
  'POST /api/invoices/:id/draft': (i) => ({ url: `/api/invoices/${i.sentInvoice}/draft` }),
  'POST /api/invoices/:id/payments': withBody('POST /api/invoices/:id/payments', (i) => `/api/invoices/${i.sentInvoice}/payments`),
  'POST /api/invoices/:id/checkout': withBody('POST /api/invoices/:id/checkout', (i) => `/api/invoices/${i.sentInvoice}/checkout`),
  'POST /api/webhooks/twilio/:company/status': () => ({
    url: `/api/webhooks/twilio/${randomUUID()}/status`,
    payload: Buffer.from('AccountSid=AC00&MessageSid=SM00&MessageStatus=delivered'),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm9wZQ==' },
  }),
  'POST /api/webhooks/twilio/:company/inbound': () => ({
    url: `/api/webhooks/twilio/${randomUUID()}/inbound`,
    payload: Buffer.from('AccountSid=AC00&From=%2B12015550100&Body=STOP'),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm9wZQ==' },
  }),
  'POST /api/webhooks/stripe/:company': () => ({
    url: `/api/webhooks/stripe/${randomUUID()}`,
    payload: Buffer.from('{"id":"evt_matrix","type":"checkout.session.completed"}'),
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
  }),
  'GET /api/catalogue': () => ({ url: '/api/catalogue?limit=100' }),
  'POST /api/catalogue': () => ({ url: '/api/catalogue', payload: { name: 'Matrix service', rate: 10 } }),
  'GET /api/catalogue/:id': (i) => ({ url: `/api/catalogue/${i.catalogue}` }),
  'PUT /api/catalogue/:id': withBody('PUT /api/catalogue/:id', (i) => `/api/catalogue/${i.catalogue}`),
  'DELETE /api/catalogue/:id': (i) => ({ url: `/api/catalogue/${i.catalogue}` }),
  'GET /api/estimates/:id/pdf': (i) => ({ url: `/api/estimates/${i.estimate}/pdf` }),
  'GET /api/invoices/:id/pdf': (i) => ({ url: `/api/invoices/${i.invoice}/pdf` }),
  'POST /api/receptionist/calls': (i) => ({
    url: '/api/receptionist/calls',
    headers: { authorization: `Bearer ${i.bearer}` },
    payload: {
      externalCallId: `call-${Math.random()}`,
      callerNumber: '555-0100',
      startedAt: '2026-11-01T10:00:00Z',
      endedAt: '2026-11-01T10:02:00Z',
      outcome: 'INFORMATION',
    },
  }),
  'GET /api/receptionist/calls': () => ({ url: '/api/receptionist/calls?limit=100' }),
  'GET /api/receptionist/calls/:id': (i) => ({ url: `/api/receptionist/calls/${i.call}` }),
  'GET /api/dashboard/ai-receptionist-metrics': () => ({ url: '/api/dashboard/ai-receptionist-metrics' }),
  'GET /api/messages': (i) => ({ url: `/api/messages?customerId=${i.customer}` }),
  'GET /api/messages/:id': (i) => ({ url: `/api/messages/${i.message}` }),
  'POST /api/messages/:id/retry': (i) => ({ url: `/api/messages/${i.message}/retry` }),
  'GET /api/notifications': () => ({ url: '/api/notifications?limit=5' }),
  'POST /api/notifications/:id/read': (i) => ({ url: `/api/notifications/${i.notification}/read` }),
  'POST /api/notifications/read-all': () => ({ url: '/api/notifications/read-all' }),
  'GET /api/email-templates': () => ({ url: '/api/email-templates' }),
  'PUT /api/email-templates/:kind': () => ({
    url: '/api/email-templates/estimate',
    payload: { subject: 'Estimate #{documentNumber}', message: 'Hi {customerName}' },
  }),
  'DELETE /api/email-templates/:kind': () => ({ url: '/api/email-templates/estimate' }),
  'POST /api/email-templates/:kind/preview': () => ({
    url: '/api/email-templates/invoice/preview',
    payload: { subject: 'Invoice #{documentNumber}', message: 'Balance {balance}' },
  }),
  'GET /api/delivery': () => ({ url: '/api/delivery' }),
  'POST /api/delivery/jobs/:id/retry': (i) => ({ url: `/api/delivery/jobs/${i.backgroundJob}/retry` }),
  'GET /api/assets': (i) => ({ url: `/api/assets?addressId=${i.address}` }),
  'POST /api/assets': (i) => ({ url: '/api/assets', payload: { customerId: i.customer, addressId: i.address, type: 'HVAC' } }),
  'PUT /api/assets/:id': withBody('PUT /api/assets/:id', (i) => `/api/assets/${i.asset}`),
  'DELETE /api/assets/:id': (i) => ({ url: `/api/assets/${i.asset}` }),
  'GET /api/dashboard/asset-distribution': () => ({ url: '/api/dashboard/asset-distribution' }),
  'GET /api/dashboard/onboarding': () => ({ url: '/api/dashboard/onboarding' }),
  'PUT /api/dashboard/onboarding': () => ({ url: '/api/dashboard/onboarding', payload: { dismissed: true } }),
  'GET /api/dashboard/configuration': () => ({ url: '/api/dashboard/configuration' }),
  'PUT /api/dashboard/configuration': () => ({ url: '/api/dashboard/configuration', payload: { cards: [{ key: 'finance', visible: true }] } }),
  'GET /api/dashboard/financing': () => ({ url: '/api/dashboard/financing' }),
  'PUT /api/dashboard/financing': () => ({ url: '/api/dashboard/financing', payload: { dismissed: true } }),
  'GET /api/dashboard/finance-metrics': () => ({ url: '/api/dashboard/finance-metrics' }),
  'GET /api/dashboard/revenue-chart': () => ({ url: '/api/dashboard/revenue-chart' }),
  'GET /api/dashboard/job-metrics': () => ({ url: '/api/dashboard/job-metrics' }),
  'GET /api/dashboard/customer-stats': () => ({ url: '/api/dashboard/customer-stats' }),
  'GET /api/dashboard/lead-metrics': () => ({ url: '/api/dashboard/lead-metrics' }),
  'GET /api/dashboard/top-revenue-zones': () => ({ url: '/api/dashboard/top-revenue-zones' }),
  'GET /api/dashboard/top-revenue-tags': () => ({ url: '/api/dashboard/top-revenue-tags' }),
  'GET /api/cost/get': (i) => ({ url: `/api/cost/get?id=${i.cost}` }),
  'GET /api/cost/list': (i) => ({ url: `/api/cost/list?taskId=${i.task}` }),
  'GET /api/cost/analysis/:id': (i) => ({ url: `/api/cost/analysis/${i.job}` }),
  'GET /api/cost/suggestions': (i) => ({ url: `/api/cost/suggestions?taskId=${i.task}` }),
  'GET /api/cost': (i) => ({ url: `/api/cost?jobId=${i.job}` }),
  'POST /api/cost': (i) => ({ url: '/api/cost', payload: { costType: 'MATERIAL', jobId: i.job, taskId: i.task, item: 'Valve', quantity: 1, unitCost: 5 } }),
  'PUT /api/cost/:id': withBody('PUT /api/cost/:id', (i) => `/api/cost/${i.cost}`),
  'DELETE /api/cost/:id': (i) => ({ url: `/api/cost/${i.cost}` }),
  'GET /api/estimates/:id/portal-links': (i) => ({ url: `/api/estimates/${i.sentEstimate}/portal-links` }),
  'POST /api/estimates/:id/portal-links/revoke': (i) => ({ url: `/api/estimates/${i.sentEstimate}/portal-links/revoke` }),
  'GET /api/invoices/:id/portal-links': (i) => ({ url: `/api/invoices/${i.sentInvoice}/portal-links` }),
  'POST /api/invoices/:id/portal-links/revoke': (i) => ({ url: `/api/invoices/${i.sentInvoice}/portal-links/revoke` }),
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
