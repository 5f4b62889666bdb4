/** Estimate and invoice DTOs of any size for the renderer's tests and bench/pdf.mjs (no database needed). */
import type { Line } from '@fieldwork/domain/billing/billing.schemas';
import type { Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import type { Invoice } from '@fieldwork/domain/billing/invoices.schemas';

const NAMES = ['Condenser fan motor', 'Refrigerant R-410A (lb)', 'Labour — senior technician', 'Thermostat, programmable', 'Duct sealing', 'Trip charge'];

/** Every third line has a two-line description, every other one is taxed at 8.875%. */
export function sampleLines(count: number): Line[] {
  return Array.from({ length: count }, (_, i) => {
    const qty = (i % 4) + 1.5;
    const rate = 125 + (i % 7) * 42.5;
    const total = Math.round(qty * rate * 100) / 100;
    const taxed = i % 2 === 0;
    return {
      id: `line-${i}`,
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      description: i % 3 === 0 ? 'Remove the old unit, fit the new one, test under load and leave the site clean; parts carry the maker’s warranty.' : null,
      qty,
      rate,
      serviceId: null,
      isTaxable: taxed,
      taxPercent: taxed ? 8.875 : 0,
      tax: taxed ? Math.round(total * 8.875) / 100 : 0,
      total,
    };
  });
}

/**
 * The line texts that made a 200-line document cost seconds: each at the API's maximum (name 200 characters,
 * description 2000). `prose`: words; `newlines`: "a\n" × 1000; `unbroken`: one 2000-character word; `unsupported`:
 * characters Helvetica cannot draw (sanitised to "?", which also makes one unbroken word).
 */
export const WORST_CASE_SHAPES = {
  prose: {
    name: 'Replace and commission the rooftop unit '.repeat(5).slice(0, 200),
    description: 'Remove the old unit, fit the new one, test under load and leave the site clean. '.repeat(25).slice(0, 2000),
  },
  newlines: { name: 'Newline run', description: 'a\n'.repeat(1000) },
  unbroken: { name: 'N'.repeat(200), description: 'x'.repeat(2000) },
  unsupported: { name: '東'.repeat(200), description: '東'.repeat(2000) },
} as const;
export type WorstCaseShape = keyof typeof WORST_CASE_SHAPES;

/** `count` lines (the API takes 200) whose name and description all have one worst-case shape. */
export function worstCaseLines(shape: WorstCaseShape, count = 200): Line[] {
  return sampleLines(count).map((l) => ({ ...l, ...WORST_CASE_SHAPES[shape] }));
}

function common(count: number) {
  const productServices = sampleLines(count);
  const subTotal = productServices.reduce((s, l) => s + l.total, 0);
  const tax = productServices.reduce((s, l) => s + l.tax, 0);
  return {
    id: '00000000-0000-4000-8000-000000000001',
    totalAmount: Math.round((subTotal + tax + 45) * 100) / 100,
    depositAmount: 250,
    isDepositRequired: true,
    subTotal: Math.round(subTotal * 100) / 100,
    taxableSubTotal: 0,
    tax: Math.round(tax * 100) / 100,
    freight: 45,
    createdAt: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-20T15:30:00.000Z',
    createdBy: { userId: 'u1', username: 'Olivia Office' },
    account: { id: 'a1', name: 'Riverside Dental Group' },
    job: { id: 'j1', jobNumber: 4821 },
    buildingUnit: { id: 'b1', buildingUnit: 'Suite 210' },
    tenantAccountAddress: { id: 'ad1', fullAddress: '1200 Riverside Dr, Springfield, IL 62704' },
    billingContact: { id: 'c1', name: 'Dana Billing' },
    siteContact: { id: 'c2', name: 'Sam Site' },
    paymentTerm: 'Net 30',
    dueDate: '2026-12-20',
    productServices,
    version: 1,
  };
}

export function sampleEstimate(count: number, overrides: Partial<Estimate> = {}): Estimate {
  return {
    ...common(count),
    estimateNumber: 1042,
    status: 'SENT',
    statusLabel: 'Open',
    estimateDate: '2026-11-20',
    estimateCustomerMessage: 'Thank you for the opportunity. Prices hold for 30 days.',
    isConverted: false,
    convertedInvoice: null,
    isConvertedJobEstimate: false,
    convertedJobEstimateInfo: null,
    approval: null,
    actions: {} as Estimate['actions'],
    ...overrides,
  };
}

export function sampleInvoice(count: number, overrides: Partial<Invoice> = {}): Invoice {
  const base = common(count);
  const payments: Invoice['payments'] = [
    { id: 'p1', amount: 250, paidOn: '2026-11-21', method: 'CHECK', reference: 'chk 1188', createdAt: '2026-11-21T10:00:00.000Z' },
    { id: 'p2', amount: 100.5, paidOn: '2026-11-25', method: 'BANK_TRANSFER', reference: null, createdAt: '2026-11-25T10:00:00.000Z' },
  ];
  const paidAmount = 350.5;
  return {
    ...base,
    invoiceNumber: 2077,
    status: 'SENT',
    statusLabel: 'Open',
    deposit: base.depositAmount,
    invoiceDate: '2026-11-20',
    invoiceCustomerMessage: 'Please pay within 30 days.',
    invoiceCreatedBy: { username: 'Olivia Office' },
    isConvertedFromEstimate: false,
    convertedEstimate: null,
    isConvertedInvoiceJob: false,
    convertedInvoiceJobinfo: null,
    copiedFrom: null,
    copies: [],
    paidAmount,
    balance: Math.round((base.totalAmount - paidAmount) * 100) / 100,
    payments,
    credit: 0,
    onlinePayments: [],
    onlinePay: null,
    actions: {} as Invoice['actions'],
    ...overrides,
  };
}
