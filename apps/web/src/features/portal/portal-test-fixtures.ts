/** The portal's answers as the contract (packages/domain portal.schemas) shapes them, for the portal pages' tests. */
import type { PortalCompany, PortalEstimate, PortalHub, PortalInvoice, PortalMe } from '@fieldwork/domain/portal/portal.schemas';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { browserNavigation } from '../../lib/browser-navigation';
import { route } from '../../test-utils';

export const SLUG = 'harbor-plumbing-0c1a2b3c';
export const P_ESTIMATE_ID = '00000000-0000-4000-8000-00000000e501';
export const P_INVOICE_ID = '00000000-0000-4000-8000-00000000f501';
export const SITE_ID = '00000000-0000-4000-8000-00000000a501';
export const TOKEN = 'Abc_def-0123456789ghijklmnopQRSTUV';

export const company = (o: Partial<PortalCompany> = {}): PortalCompany => ({
  slug: SLUG,
  name: 'Harbor Plumbing',
  logoUrl: null,
  brandColor: '#0f766e',
  email: 'office@harbor.example',
  phone: '555-0100',
  timeZone: 'America/New_York',
  ...o,
});

export const me = (o: Partial<PortalMe> = {}): PortalMe => ({
  company: company(),
  customer: { name: 'Dana Whitfield' },
  email: 'dana@example.com',
  sites: [{ id: SITE_ID, address: '12 Harbor Rd, Boston, MA' }],
  ...o,
});

const lines = [
  { name: 'Water heater', description: '50 gal, gas', qty: 1, rate: 900, total: 900 },
  { name: 'Labour', description: null, qty: 3, rate: 100, total: 300 },
];

export const portalEstimate = (o: Partial<PortalEstimate> = {}): PortalEstimate => ({
  id: P_ESTIMATE_ID,
  estimateNumber: 2001,
  status: 'SENT',
  statusLabel: 'Open',
  estimateDate: '2026-11-20',
  dueDate: '2026-12-20',
  customerMessage: 'Thanks for choosing us.',
  address: '12 Harbor Rd, Boston, MA',
  lines,
  subTotal: 1200,
  tax: 96,
  freight: 0,
  totalAmount: 1296,
  isDepositRequired: true,
  depositAmount: 300,
  terms: 'Payment due within 30 days of completion.',
  canAnswer: true,
  onlinePay: null,
  answer: null,
  version: 3,
  ...o,
});

export const portalInvoice = (o: Partial<PortalInvoice> = {}): PortalInvoice => ({
  id: P_INVOICE_ID,
  invoiceNumber: 3001,
  status: 'SENT',
  statusLabel: 'Due',
  invoiceDate: '2026-11-21',
  dueDate: '2026-12-21',
  customerMessage: null,
  address: '12 Harbor Rd, Boston, MA',
  lines,
  subTotal: 1200,
  tax: 96,
  freight: 25,
  totalAmount: 1321,
  payments: [
    { amount: 300, paidOn: '2026-11-22', method: 'CARD' },
    { amount: 521, paidOn: '2026-11-25', method: 'CHECK' },
  ],
  paidAmount: 821,
  balance: 500,
  credit: 0,
  onlinePay: null,
  ...o,
});

export const emptyHub = (): PortalHub => ({ estimates: [], invoices: [], visits: [], pastJobs: [] });

export const meReply = (m: PortalMe = me()) => route('GET', '/api/portal/me', { body: { data: m } });
export const estimateReply = (e: PortalEstimate = portalEstimate()) => route('GET', `/api/portal/estimates/${e.id}`, { body: { data: e } });
export const invoiceReply = (i: PortalInvoice = portalInvoice()) => route('GET', `/api/portal/invoices/${i.id}`, { body: { data: i } });
export const hubReply = (h: PortalHub = emptyHub()) => route('GET', '/api/portal/hub', { body: { data: h } });

/** The JSON body of the first call to `method path`, or undefined when none was made. */
export function sentBody(fetchMock: { mock: { calls: unknown[][] } }, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return ((init as RequestInit | undefined)?.method ?? 'GET') === method && url.pathname === path;
  });
  const body = (call?.[1] as RequestInit | undefined)?.body;
  return call ? (typeof body === 'string' ? JSON.parse(body) : null) : undefined;
}

/** Where a page sent the browser (window.location.assign), caught instead of followed; fresh for every test. */
export function captureNavigation(): { readonly assign: MockInstance } {
  let spy: MockInstance | undefined;
  beforeEach(() => {
    spy = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return {
    get assign() {
      return spy!;
    },
  };
}
