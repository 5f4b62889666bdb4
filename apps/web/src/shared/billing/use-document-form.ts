/**
 * The estimate and invoice editor's form model: values as the inputs hold them (text for numbers, '' for no
 * choice), the payload they become (dollars, as the API speaks), client validation with the domain's own
 * payload schemas, and live totals with the domain's money math (integer cents).
 */
import { useForm, useWatch, type Control, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { createEstimateBody, type CreateEstimateBody, type Estimate } from '@fieldwork/domain/billing/estimates.schemas';
import { createInvoiceBody, type CreateInvoiceBody, type Invoice } from '@fieldwork/domain/billing/invoices.schemas';
import { MONEY_MESSAGES, computeTotals, toScaledInteger, type LineInput, type TotalsResult } from '@fieldwork/domain/common/money.rules';
import type { DocumentKind } from '../../features/billing/billing.api';

export type LineValues = {
  name: string;
  description: string;
  qty: string;
  rate: string;
  isTaxable: boolean;
  taxPercent: string;
  serviceId: string | null;
};

export type DocumentFormValues = {
  jobType: 'Existing' | 'NonJob';
  jobId: string;
  accountId: string;
  accountAddressId: string;
  buildingUnitId: string;
  billingContactId: string;
  siteContactId: string;
  /** Estimate Date or Invoice Date (YYYY-MM-DD or ''). */
  date: string;
  dueDate: string;
  terms: string;
  isDepositRequired: boolean;
  depositAmount: string;
  freight: string;
  customerMessage: string;
  lines: LineValues[];
};

export type DocumentMode = 'Draft' | 'Send';
export type DocumentBody = CreateEstimateBody | CreateInvoiceBody;
export type EditableDocument = Estimate | Invoice;

export const emptyLine = (): LineValues => ({ name: '', description: '', qty: '1', rate: '', isTaxable: false, taxPercent: '0', serviceId: null });

/** A new document: dated today (the tenant's day) unless the user changes it. */
export function emptyDocumentValues(jobId?: string, today = ''): DocumentFormValues {
  return {
    jobType: jobId ? 'Existing' : 'NonJob',
    jobId: jobId ?? '',
    accountId: '',
    accountAddressId: '',
    buildingUnitId: '',
    billingContactId: '',
    siteContactId: '',
    date: today,
    dueDate: '',
    terms: '',
    isDepositRequired: false,
    depositAmount: '',
    freight: '',
    customerMessage: '',
    lines: [],
  };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** A saved draft back into the form. */
export function documentToValues(kind: DocumentKind, doc: EditableDocument): DocumentFormValues {
  const isEstimate = kind === 'estimate';
  const est = doc as Estimate;
  const inv = doc as Invoice;
  return {
    jobType: doc.job ? 'Existing' : 'NonJob',
    jobId: doc.job?.id ?? '',
    accountId: doc.account.id,
    accountAddressId: doc.tenantAccountAddress?.id ?? '',
    buildingUnitId: doc.buildingUnit?.id ?? '',
    billingContactId: doc.billingContact?.id ?? '',
    siteContactId: doc.siteContact?.id ?? '',
    date: day(isEstimate ? est.estimateDate : inv.invoiceDate),
    dueDate: day(doc.dueDate),
    terms: doc.paymentTerm ?? '',
    isDepositRequired: doc.isDepositRequired,
    depositAmount: doc.isDepositRequired ? text(doc.depositAmount) : '',
    freight: doc.freight ? text(doc.freight) : '',
    customerMessage: (isEstimate ? est.estimateCustomerMessage : inv.invoiceCustomerMessage) ?? '',
    lines: doc.productServices.map((l) => ({
      name: l.name,
      description: l.description ?? '',
      qty: text(l.qty),
      rate: text(l.rate),
      isTaxable: l.isTaxable,
      taxPercent: text(l.taxPercent),
      serviceId: l.serviceId,
    })),
  };
}

/** '' is no number (NaN, which the schemas refuse with "… must be a number."); optional amounts pass `blank`. */
function num(value: string, blank = Number.NaN): number {
  const t = value.trim();
  return t === '' ? blank : Number(t);
}

/** The API payload (dollars, quantities and percents as decimal numbers) of the form's values. */
export function toDocumentBody(kind: DocumentKind, values: DocumentFormValues, mode: DocumentMode): DocumentBody {
  const existing = values.jobType === 'Existing';
  const jobInfo = {
    type: values.jobType,
    ...(values.accountId ? { accountId: values.accountId } : {}),
    jobId: existing ? values.jobId || null : null,
    buildingUnitId: values.buildingUnitId || null,
    accountAddressId: values.accountAddressId || null,
    billingContactId: values.billingContactId || null,
    siteContactId: values.siteContactId || null,
  };
  const common = {
    terms: values.terms.trim() || null,
    dueDate: values.dueDate || null,
    isDepositRequired: values.isDepositRequired,
    depositAmount: values.isDepositRequired ? num(values.depositAmount, 0) : 0,
    freight: num(values.freight, 0),
  };
  const productServices = values.lines.map((l) => ({
    name: l.name,
    description: l.description.trim() || null,
    qty: num(l.qty),
    rate: num(l.rate),
    serviceId: l.serviceId,
    isTaxable: l.isTaxable,
    taxPercent: num(l.taxPercent, 0),
  }));
  const message = values.customerMessage.trim() || null;
  if (kind === 'estimate') {
    return {
      mode,
      jobInfo,
      estimateInfo: { ...common, estimateDate: values.date || null, estimateCustomerMessage: message },
      productServices,
    } as CreateEstimateBody;
  }
  return { mode, jobInfo, invoiceInfo: { ...common, invoiceDate: values.date || null, invoiceCustomerMessage: message }, productServices } as CreateInvoiceBody;
}

/** Where a payload path's message goes in the form. */
const INFO_FIELDS: Record<string, FieldPath<DocumentFormValues>> = {
  terms: 'terms',
  dueDate: 'dueDate',
  estimateDate: 'date',
  invoiceDate: 'date',
  depositAmount: 'depositAmount',
  isDepositRequired: 'isDepositRequired',
  freight: 'freight',
  estimateCustomerMessage: 'customerMessage',
  invoiceCustomerMessage: 'customerMessage',
};
const LINE_FIELDS = new Set(['name', 'description', 'qty', 'rate', 'isTaxable', 'taxPercent', 'serviceId']);

export function formPathOf(path: readonly PropertyKey[]): FieldPath<DocumentFormValues> | 'lines' | undefined {
  const [head, a, b] = path.map(String);
  if (head === 'jobInfo') return a && a !== 'type' ? (a as FieldPath<DocumentFormValues>) : 'accountId';
  if (head === 'estimateInfo' || head === 'invoiceInfo') return a ? INFO_FIELDS[a] : undefined;
  if (head === 'productServices') return a !== undefined && b && LINE_FIELDS.has(b) ? (`lines.${Number(a)}.${b}` as FieldPath<DocumentFormValues>) : 'lines';
  return undefined;
}

/** Validates the values by building the payload and parsing it with the domain's create schema. */
export function documentResolver(kind: DocumentKind): Resolver<DocumentFormValues> {
  const schema = kind === 'estimate' ? createEstimateBody : createInvoiceBody;
  return (values) => {
    const parsed = schema.safeParse(toDocumentBody(kind, values, 'Draft'));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const path = formPathOf(issue.path);
      if (path && !errors[path]) errors[path] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: nest(errors) as FieldErrors<DocumentFormValues> };
  };
}

/** react-hook-form wants errors nested like the values ("lines.0.qty" → {lines: [{qty}]}). */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node: Record<string, unknown> = out;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    const last = keys[keys.length - 1]!;
    // A message for the whole lines list sits on the array as `root`, the way useFieldArray reads it.
    if (Array.isArray(node[last])) (node[last] as unknown as Record<string, unknown>).root = error;
    else node[last] = error;
  }
  return out;
}

/** Server validation messages (which carry no path) under the field their label names. */
const MESSAGE_FIELDS: [string, FieldPath<DocumentFormValues>][] = [
  ['Account Name', 'accountId'],
  ['Job', 'jobId'],
  ['Site Address', 'accountAddressId'],
  ['Building/Unit', 'buildingUnitId'],
  ['Billing Contact', 'billingContactId'],
  ['Site Contact', 'siteContactId'],
  ['Payment Term', 'terms'],
  ['Due Date', 'dueDate'],
  ['Estimate Date', 'date'],
  ['Invoice Date', 'date'],
  ['Deposit Amount', 'depositAmount'],
  ['Freight', 'freight'],
  ['Customer Message', 'customerMessage'],
];

export function documentFieldOfMessage(message: string): FieldPath<DocumentFormValues> | undefined {
  return MESSAGE_FIELDS.find(([prefix]) => message.startsWith(prefix))?.[1];
}

/** A line's figures as the domain takes them, or the domain's message for the first field it cannot read. */
function lineInput(line: LineValues): LineInput | string {
  const qtyMilli = toScaledInteger(num(line.qty, 0), 3);
  if (qtyMilli === null) return MONEY_MESSAGES.tooManyDecimals('Quantity', 3);
  const rateCents = toScaledInteger(num(line.rate, 0), 2);
  if (rateCents === null) return MONEY_MESSAGES.tooManyDecimals('Rate', 2);
  const taxPercentMilli = toScaledInteger(num(line.taxPercent, 0), 3);
  if (taxPercentMilli === null) return MONEY_MESSAGES.tooManyDecimals('Tax %', 3);
  return { qtyMilli, rateCents, isTaxable: line.isTaxable, taxPercentMilli };
}

/**
 * Every figure of the document as the user types, in integer cents with computeTotals — the same math the
 * server runs when it saves. Blank numbers count as 0 so a half-filled line still shows a running total.
 */
export function liveTotals(values: Pick<DocumentFormValues, 'lines' | 'freight' | 'isDepositRequired' | 'depositAmount'>): TotalsResult {
  const lines: LineInput[] = [];
  for (const line of values.lines) {
    const input = lineInput(line);
    if (typeof input === 'string') return { ok: false, message: input };
    lines.push(input);
  }
  const freightCents = toScaledInteger(num(values.freight, 0), 2);
  if (freightCents === null) return { ok: false, message: MONEY_MESSAGES.tooManyDecimals('Freight', 2) };
  const depositCents = values.isDepositRequired ? toScaledInteger(num(values.depositAmount, 0), 2) : 0;
  if (depositCents === null) return { ok: false, message: MONEY_MESSAGES.tooManyDecimals('Deposit Amount', 2) };
  return computeTotals(lines, freightCents, { required: values.isDepositRequired, amountCents: depositCents });
}

/** The editor's react-hook-form, validated with the domain's payload schema of its kind. */
export function useDocumentForm(kind: DocumentKind, defaultValues: DocumentFormValues) {
  return useForm<DocumentFormValues>({ resolver: documentResolver(kind), defaultValues });
}

/** Live totals of the form; subscribe where they are shown so typing does not re-render the whole form. */
export function useLiveTotals(control: Control<DocumentFormValues>): TotalsResult {
  const [lines, freight, isDepositRequired, depositAmount] = useWatch({ control, name: ['lines', 'freight', 'isDepositRequired', 'depositAmount'] });
  return liveTotals({ lines, freight, isDepositRequired, depositAmount });
}
