/** Test records of the estimate and invoice editor tests. */
import type { CatalogueItem } from '@fieldwork/domain/billing/catalogue.schemas';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { route } from '../../test-utils';
import { CUSTOMER_ID, JOB_ID, customer, job, listItem, pageOf } from '../jobs/test-fixtures';

export const ESTIMATE_ID = '5e5e5e5e-1111-4222-8333-444455556666';
export const INVOICE_ID = '6f6f6f6f-1111-4222-8333-444455556666';
export const SERVICE_ID = '7a7a7a7a-1111-4222-8333-444455556666';

const common = {
  totalAmount: 0,
  depositAmount: 0,
  isDepositRequired: false,
  subTotal: 0,
  taxableSubTotal: 0,
  tax: 0,
  freight: 0,
  createdAt: '2026-11-01T15:00:00.000Z',
  updatedAt: '2026-11-01T15:00:00.000Z',
  createdBy: null,
  account: { id: CUSTOMER_ID, name: 'Northwind Plumbing' },
  job: null,
  buildingUnit: null,
  tenantAccountAddress: null,
  billingContact: null,
  siteContact: null,
  paymentTerm: null,
  dueDate: null,
  productServices: [],
  version: 2,
};

export function estimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    ...common,
    id: ESTIMATE_ID,
    statusLabel: 'Draft',
    estimateNumber: 12,
    status: 'DRAFT',
    estimateDate: null,
    estimateCustomerMessage: null,
    isConverted: false,
    convertedInvoice: null,
    isConvertedJobEstimate: false,
    convertedJobEstimateInfo: null,
    approval: null,
    actions: {
      download: true,
      preview: true,
      edit: true,
      view: true,
      onsiteApproval: true,
      portalApproval: false,
      delete: true,
      convert: false,
      void: true,
      send: true,
      recordDeposit: false,
    },
    ...overrides,
  };
}

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...common,
    id: INVOICE_ID,
    statusLabel: 'Draft',
    invoiceNumber: 31,
    status: 'DRAFT',
    deposit: 0,
    invoiceDate: null,
    invoiceCustomerMessage: null,
    invoiceCreatedBy: null,
    isConvertedFromEstimate: false,
    convertedEstimate: null,
    isConvertedInvoiceJob: false,
    convertedInvoiceJobinfo: null,
    copiedFrom: null,
    copies: [],
    paidAmount: 0,
    balance: 0,
    payments: [],
    credit: 0,
    onlinePayments: [],
    onlinePay: null,
    actions: { download: true, view: true, edit: true, delete: true, send: true, recordPayment: false, void: true },
    ...overrides,
  };
}

export const catalogueItem: CatalogueItem = {
  id: SERVICE_ID,
  name: 'Boiler flush',
  description: 'Drain and refill',
  rate: 120.5,
  isTaxable: true,
  taxPercent: 8.875,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

/** The lookups every editor test needs: the customer, the job, the job search and the catalogue. */
export const lookupRoutes = [
  route('GET', `/api/customers/${CUSTOMER_ID}`, { body: { data: customer() } }),
  route('GET', '/api/customers', {
    body: pageOf([
      {
        id: CUSTOMER_ID,
        name: 'Northwind Plumbing',
        email: null,
        phone: null,
        isActive: true,
        tags: [],
        createdAt: '2025-01-01T00:00:00.000Z',
        primaryAddress: '12 Harbor St',
        primaryContact: null,
      },
    ]),
  }),
  route('GET', `/api/jobs/${JOB_ID}`, {
    body: { data: job({ siteContact: { id: 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f60', name: 'Sam Field', mobileNumber: null } }) },
  }),
  route('GET', '/api/jobs', { body: pageOf([listItem()]) }),
  route('GET', '/api/catalogue', { body: pageOf([catalogueItem]) }),
];
