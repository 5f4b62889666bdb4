/** Estimates and invoices as GET /api/{estimates|invoices}/{id} returns them, for the preview pages' tests. */
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import type { EmailDraft } from '@fieldwork/domain/messages/messages.schemas';
import { estimateActions } from '@fieldwork/domain/billing/estimates.rules';
import { invoiceActions } from '@fieldwork/domain/billing/invoices.rules';
import type { ReactNode } from 'react';
import { fireEvent, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { vi } from 'vitest';
import { route, testQueryClient } from '../../test-utils';

export const ESTIMATE_ID = '00000000-0000-4000-8000-0000000000e1';
export const INVOICE_ID = '00000000-0000-4000-8000-0000000000f1';

/** A tiny real PNG header in a data URL (what the server accepts as a signature). */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const common = {
  statusLabel: 'Open',
  totalAmount: 450,
  depositAmount: 100,
  isDepositRequired: true,
  subTotal: 420,
  taxableSubTotal: 300,
  tax: 30,
  freight: 0,
  createdAt: '2025-03-04T15:00:00.000Z',
  updatedAt: '2025-03-04T15:00:00.000Z',
  createdBy: { userId: '00000000-0000-4000-8000-000000000001', username: 'Pat Lee' },
  account: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Northwind Plumbing' },
  job: { id: '00000000-0000-4000-8000-0000000000b1', jobNumber: 1042 },
  buildingUnit: { id: '00000000-0000-4000-8000-0000000000b2', buildingUnit: 'Unit 4B' },
  tenantAccountAddress: { id: '00000000-0000-4000-8000-0000000000b3', fullAddress: '12 Harbor Rd, Boston, MA' },
  billingContact: { id: '00000000-0000-4000-8000-0000000000b4', name: 'Bill Payer' },
  siteContact: { id: '00000000-0000-4000-8000-0000000000b5', name: 'Sita Contact' },
  paymentTerm: 'Net 30',
  dueDate: '2025-04-03',
  productServices: [
    { id: 'l1', name: 'Pump', description: 'Circulation pump', qty: 2, rate: 150, serviceId: null, isTaxable: true, taxPercent: 10, tax: 30, total: 300 },
    { id: 'l2', name: 'Labour', description: null, qty: 1.5, rate: 80, serviceId: null, isTaxable: false, taxPercent: 0, tax: 0, total: 120 },
  ],
  version: 1,
  totalMargin: 150.5,
  marginPercentage: 35.83,
  totalRevenue: 420,
};

export function estimate(overrides: Partial<Estimate> = {}): Estimate {
  const status = overrides.status ?? 'SENT';
  const isConverted = overrides.isConverted ?? false;
  return {
    ...common,
    id: ESTIMATE_ID,
    estimateNumber: 2001,
    status,
    estimateDate: '2025-03-04',
    estimateCustomerMessage: 'Thank you for your business.',
    isConverted,
    convertedInvoice: null,
    isConvertedJobEstimate: false,
    convertedJobEstimateInfo: null,
    approval: null,
    actions: estimateActions(
      { status, isConverted, isDepositRequired: overrides.isDepositRequired ?? false, depositCents: Math.round((overrides.depositAmount ?? 0) * 100) },
      true,
    ),
    ...overrides,
  };
}

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  const status = overrides.status ?? 'SENT';
  const paidAmount = overrides.paidAmount ?? 0;
  return {
    ...common,
    statusLabel: 'Open',
    id: INVOICE_ID,
    invoiceNumber: 3001,
    status,
    deposit: 100,
    invoiceDate: '2025-03-04',
    invoiceCustomerMessage: 'Please pay within 30 days.',
    invoiceCreatedBy: { username: 'Pat Lee' },
    isConvertedFromEstimate: false,
    convertedEstimate: null,
    isConvertedInvoiceJob: false,
    convertedInvoiceJobinfo: null,
    copiedFrom: null,
    copies: [],
    paidAmount,
    balance: Math.round((common.totalAmount - paidAmount) * 100) / 100,
    payments: [],
    credit: 0,
    onlinePayments: [],
    onlinePay: null,
    actions: invoiceActions({ status, paidCents: Math.round(paidAmount * 100) }, true),
    ...overrides,
  };
}

export const estimateReply = (e: Estimate = estimate()) => route('GET', `/api/estimates/${e.id}`, { body: { data: e } });
/** A document's Send-dialog start (the receipt's default recipients too). */
export const emailDraftReply = (kind: 'estimate' | 'invoice', id: string, o: Partial<EmailDraft> = {}) =>
  route('GET', `/api/${kind}s/${id}/email-draft`, {
    body: {
      data: {
        suggestions: [
          { email: 'billing@riverside.test', name: 'Pat Billing', role: 'Billing contact' },
          { email: 'site@riverside.test', name: 'Sam Site', role: 'Site contact' },
        ],
        subject: `${kind === 'estimate' ? 'Estimate' : 'Invoice'} #3001 from Acme`,
        message: 'Hi Riverside Dental,\n\nPlease find it attached.',
        attachmentName: `${kind === 'estimate' ? 'Estimate' : 'Invoice'}-3001.pdf`,
        companyVerified: true,
        mailConfigured: true,
        lastEmailedTo: [],
        ...o,
      } satisfies EmailDraft,
    },
  });
export const invoiceReply = (i: Invoice = invoice()) => route('GET', `/api/invoices/${i.id}`, { body: { data: i } });

/**
 * jsdom has no 2D canvas: stub the two calls the signature pad makes (getContext, toDataURL) and hand back
 * the fake context so tests can see what was drawn.
 */
export function stubCanvas(dataUrl = PNG_DATA_URL) {
  const ctx = {
    setTransform: vi.fn(),
    beginPath: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    clearRect: vi.fn(),
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    strokeStyle: '',
    fillStyle: '',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(dataUrl);
  return { ctx, toDataURL };
}

/** Renders one component inside a bare router (for its <Link>s) and a query client. */
export function renderInRouter(ui: ReactNode) {
  const queryClient = testQueryClient();
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  return {
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
    queryClient,
    router,
  };
}

/** One stroke: press, move twice, release (as a finger would). */
export function drawStroke(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'touch', clientX: 10, clientY: 10, button: 0 });
  fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'touch', clientX: 40, clientY: 30 });
  fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'touch', clientX: 80, clientY: 20 });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'touch', clientX: 80, clientY: 20 });
}
