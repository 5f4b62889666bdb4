import type { EstimateListItem } from '@fieldwork/domain/billing/estimates.schemas';
import { estimateActions } from '@fieldwork/domain/billing/estimates.rules';
import type { InvoiceListItem } from '@fieldwork/domain/billing/invoices.schemas';
import { invoiceActions } from '@fieldwork/domain/billing/invoices.rules';
import type { DataPage } from '../../lib/api-client';
import { route } from '../../test-utils';
import { CUSTOMER_ID, JOB_ID } from '../jobs/test-fixtures';

export const ESTIMATE_ID = '5e0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c';
export const INVOICE_ID = '6f1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';

const common = {
  totalAmount: 1234.5,
  depositAmount: 200,
  isDepositRequired: true,
  subTotal: 1200,
  taxableSubTotal: 400,
  tax: 34.5,
  freight: 0,
  createdAt: '2025-03-04T15:00:00.000Z',
  updatedAt: '2025-03-04T15:00:00.000Z',
  createdBy: { userId: 'f0e1d2c3-b4a5-4968-8776-655443322110', username: 'Alex Kim' },
  account: { id: CUSTOMER_ID, name: 'Northwind Plumbing' },
  job: { id: JOB_ID, jobNumber: 1042 },
  buildingUnit: null,
  tenantAccountAddress: null,
  billingContact: null,
  siteContact: null,
  paymentTerm: null,
  dueDate: null,
  version: 1,
};

/** A list row with the `actions` the server would compute for an office writer (or reader). */
export function estimateItem(overrides: Partial<EstimateListItem> = {}, write = true): EstimateListItem {
  const status = overrides.status ?? 'SENT';
  const isConverted = overrides.isConverted ?? false;
  return {
    ...common,
    id: ESTIMATE_ID,
    estimateNumber: 2001,
    status,
    statusLabel: status,
    estimateDate: null,
    estimateCustomerMessage: null,
    isConverted,
    convertedInvoice: null,
    isConvertedJobEstimate: false,
    convertedJobEstimateInfo: null,
    actions: estimateActions(
      { status, isConverted, isDepositRequired: overrides.isDepositRequired ?? false, depositCents: Math.round((overrides.depositAmount ?? 0) * 100) },
      write,
    ),
    ...overrides,
  };
}

export function invoiceItem(overrides: Partial<InvoiceListItem> = {}, write = true): InvoiceListItem {
  const status = overrides.status ?? 'SENT';
  return {
    ...common,
    id: INVOICE_ID,
    invoiceNumber: 3001,
    status,
    statusLabel: status,
    deposit: 200,
    invoiceDate: null,
    invoiceCustomerMessage: null,
    invoiceCreatedBy: { username: 'Alex Kim' },
    isConvertedFromEstimate: false,
    convertedEstimate: null,
    isConvertedInvoiceJob: false,
    convertedInvoiceJobinfo: null,
    paidAmount: 0,
    balance: 1234.5,
    credit: 0,
    actions: invoiceActions({ status, paidCents: 0 }, write),
    ...overrides,
  };
}

export const documentPage = <T>(items: T[], totalItems = items.length): DataPage<T> => ({
  data: items,
  pagination: { totalItems, totalPages: Math.max(1, Math.ceil(totalItems / 10)), currentPage: 1, itemsPerPage: 10 },
});

export const estimatesReply = (items = [estimateItem()]) => route('GET', '/api/estimates', { body: documentPage(items) });
export const invoicesReply = (items = [invoiceItem()]) => route('GET', '/api/invoices', { body: documentPage(items) });

/** The query strings of the list requests made so far to one path. */
export const listCalls = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === path);
