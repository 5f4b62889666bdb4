import type { Db } from '@fieldwork/db/connection';
import { flag } from '@fieldwork/db/sql-helpers';
import type { JobInfo, LineInputBody } from '@fieldwork/domain/billing/billing.schemas';
import { presetRange } from '@fieldwork/domain/time/date-presets.rules';
import { LINK_MESSAGES } from '@fieldwork/domain/billing/estimates.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { centsToDollars, computeTotals, marginOf } from '@fieldwork/domain/common/money.rules';
import { countCatalogueItems } from '../catalogue/catalogue.repository.ts';
import { findCustomer } from '../customers/customers.repository.ts';
import { customerOwns, findJobForDocument, type DocumentRow, type LineRow, type ListFilter } from './documents.repository.ts';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { can, type Viewer } from '@fieldwork/domain/access/roles.rules';

export type ResolvedRefs = {
  customer_id: string;
  job_id: string | null;
  address_id: string | null;
  building_unit_id: string | null;
  billing_contact_id: string | null;
  site_contact_id: string | null;
};

/**
 * The customer/job block: a job (of this company, open) gives the customer and defaults for the address,
 * unit and site contact; the other ids must belong to that customer. Another company's job or customer reads
 * as missing (404, same body).
 */
export async function resolveJobInfo(db: Db, tenantId: string, info: JobInfo, currentJobId: string | null = null): Promise<ResolvedRefs> {
  let customerId = info.accountId ?? null;
  let job: Awaited<ReturnType<typeof findJobForDocument>> = undefined;
  const jobId = info.type === 'Existing' ? (info.jobId ?? null) : null;
  if (jobId) {
    job = await findJobForDocument(db, tenantId, jobId);
    if (!job) throw new AppError('NOT_FOUND', 'Job not found.');
    if (job.status !== 'OPEN' && job.id !== currentJobId) throw new AppError('CONFLICT', LINK_MESSAGES.jobNotOpen);
    if (customerId && customerId !== job.customer_id) throw new AppError('VALIDATION_FAILED', [LINK_MESSAGES.otherCustomer]);
    customerId = job.customer_id;
  }
  if (!customerId) throw new AppError('VALIDATION_FAILED', ['Account Name is mandatory.']);
  if (!(await findCustomer(db, tenantId, customerId))) throw new AppError('NOT_FOUND', 'Customer not found.');
  const refs: ResolvedRefs = {
    customer_id: customerId,
    job_id: job?.id ?? null,
    address_id: info.accountAddressId ?? job?.site_address_id ?? null,
    building_unit_id: info.buildingUnitId ?? job?.building_unit_id ?? null,
    billing_contact_id: info.billingContactId ?? null,
    site_contact_id: info.siteContactId ?? job?.site_contact_id ?? null,
  };
  const addresses = [refs.address_id, refs.building_unit_id].filter((v): v is string => !!v);
  const contacts = [refs.billing_contact_id, refs.site_contact_id].filter((v): v is string => !!v);
  if (!(await customerOwns(db, tenantId, customerId, { addresses, contacts }))) {
    throw new AppError('VALIDATION_FAILED', ["Addresses and contacts must belong to the document's customer."]);
  }
  return refs;
}

/** Server-side figures from the lines: client totals are never read. */
export function figuresOf(lines: LineInputBody[], info: { freight: number; isDepositRequired: boolean; depositAmount: number }) {
  const result = computeTotals(
    lines.map((l) => ({ qtyMilli: l.qty, rateCents: l.rate, isTaxable: l.isTaxable, taxPercentMilli: l.isTaxable ? l.taxPercent : 0 })),
    info.freight,
    { required: info.isDepositRequired, amountCents: info.depositAmount },
  );
  if (!result.ok) throw new AppError('VALIDATION_FAILED', [result.message]);
  const t = result.totals;
  return {
    columns: {
      sub_total_cents: t.subTotalCents,
      taxable_sub_total_cents: t.taxableSubTotalCents,
      tax_cents: t.taxCents,
      freight_cents: t.freightCents,
      deposit_required: flag(info.isDepositRequired),
      deposit_cents: t.depositCents,
      total_cents: t.totalCents,
    },
    lines: lines.map((l, i) => ({
      name: l.name,
      description: l.description ?? null,
      qty_milli: l.qty,
      rate_cents: l.rate,
      service_id: l.serviceId ?? null,
      is_taxable: flag(l.isTaxable),
      tax_percent_milli: l.isTaxable ? l.taxPercent : 0,
      tax_cents: t.lines[i]!.taxCents,
      total_cents: t.lines[i]!.totalCents,
    })),
  };
}

/** Catalogue ids on lines must be this company's (another company's reads as missing). */
export async function checkServices(db: Db, tenantId: string, lines: LineInputBody[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.serviceId).filter((v): v is string => !!v))];
  if (!ids.length) return;
  if ((await countCatalogueItems(db, tenantId, ids)) !== ids.length) throw new AppError('NOT_FOUND', 'Product/Service not found.');
}

/** Copy lines of one document onto another (draft copies, conversion). */
export function copyLines(lines: LineRow[]) {
  return lines.map(({ name, description, qty_milli, rate_cents, service_id, is_taxable, tax_percent_milli, tax_cents, total_cents }) => ({
    name,
    description,
    qty_milli,
    rate_cents,
    service_id,
    is_taxable,
    tax_percent_milli,
    tax_cents,
    total_cents,
  }));
}

export function toLineDto(l: LineRow) {
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    qty: l.qty_milli / 1000,
    rate: centsToDollars(l.rate_cents),
    serviceId: l.service_id,
    isTaxable: l.is_taxable === 1,
    taxPercent: l.tax_percent_milli / 1000,
    tax: centsToDollars(l.tax_cents),
    total: centsToDollars(l.total_cents),
  };
}

/** What both DTOs share, from the joined row. */
export function commonDto(row: DocumentRow, lines: LineRow[]) {
  return {
    id: row.id,
    totalAmount: centsToDollars(row.total_cents),
    depositAmount: centsToDollars(row.deposit_cents),
    isDepositRequired: row.deposit_required === 1,
    subTotal: centsToDollars(row.sub_total_cents),
    taxableSubTotal: centsToDollars(row.taxable_sub_total_cents),
    tax: centsToDollars(row.tax_cents),
    freight: centsToDollars(row.freight_cents),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by ? { userId: row.created_by, username: row.creator_name ?? '' } : null,
    account: { id: row.customer_id, name: row.customer_name },
    job: row.job_id && row.job_number !== null ? { id: row.job_id, jobNumber: Number(row.job_number) } : null,
    buildingUnit: row.building_unit_id ? { id: row.building_unit_id, buildingUnit: row.building_unit ?? '' } : null,
    tenantAccountAddress: row.address_id ? { id: row.address_id, fullAddress: row.address_full ?? '' } : null,
    billingContact: row.billing_contact_id ? { id: row.billing_contact_id, name: row.billing_contact_name ?? '' } : null,
    siteContact: row.site_contact_id ? { id: row.site_contact_id, name: row.site_contact_name ?? '' } : null,
    paymentTerm: row.payment_term,
    dueDate: row.due_date,
    productServices: lines.map(toLineDto),
    version: row.version,
  };
}

/**
 * Margin figures for office readers: revenue is the subtotal; cost is the estimate's estimated costs (its
 * ESTIMATE costs, kept in estimated_cost_cents by every cost change). Invoices carry no such column: 0.
 */
export function marginFields(row: DocumentRow, costCents = 'estimated_cost_cents' in row ? Number(row.estimated_cost_cents) : 0) {
  const m = marginOf(row.sub_total_cents, costCents);
  return { totalRevenue: centsToDollars(m.totalRevenueCents), totalMargin: centsToDollars(m.totalMarginCents), marginPercentage: m.marginPercentage };
}

type ListQuery = {
  page: number;
  limit: number;
  orderByKey: ListFilter['orderByKey'];
  orderByValue: 'asc' | 'desc';
  searchText?: string | undefined;
  search?: string | undefined;
  status?: string[] | undefined;
  createdOn?: Parameters<typeof presetRange>[0] | undefined;
  jobId?: string | undefined;
  unlinked?: boolean | undefined;
  customerFirst?: string | undefined;
};

/**
 * The list query as repository filters: the number search is a prefix of the digits typed ("#10" finds 1001…),
 * created-on presets are computed in the tenant's zone, and for estimates the derived EXPIRED status splits
 * stored SENT by due date (before today in the tenant's zone).
 */
export function toListFilter(q: ListQuery, now: Date, timeZone: string, derivedExpiry: boolean): ListFilter {
  const text = q.searchText ?? q.search;
  const digits = text ? text.replace(/^#/, '').trim() : '';
  const numberPrefix = !text ? null : /^\d{1,9}$/.test(digits) ? Number(digits) : 'none';
  const range = q.createdOn ? presetRange(q.createdOn, now, timeZone) : undefined;
  const filter: ListFilter = {
    page: q.page,
    limit: q.limit,
    orderByKey: q.orderByKey,
    orderByValue: q.orderByValue,
    numberPrefix,
    storedStatuses: null,
    ...(range ? { createdFrom: range.start, createdTo: range.end } : {}),
    ...(q.jobId ? { jobId: q.jobId } : {}),
    ...(q.unlinked ? { unlinked: true } : {}),
    ...(q.customerFirst ? { customerFirst: q.customerFirst } : {}),
  };
  if (q.status?.length) {
    const wanted = new Set(q.status);
    if (!derivedExpiry || (!wanted.has('EXPIRED') && !wanted.has('SENT'))) filter.storedStatuses = [...wanted];
    else
      filter.sentByDueDate = {
        today: dayIn(now, timeZone),
        expired: wanted.has('EXPIRED'),
        sent: wanted.has('SENT'),
        plain: [...wanted].filter((s) => s !== 'EXPIRED' && s !== 'SENT'),
      };
  }
  return filter;
}

/** What a reader of a document may see and do: write actions, and margins (office readers only). */
export type DocumentReader = { write: boolean; margins: boolean };
const readerOf = (viewer: Viewer, write: 'estimates.write' | 'invoices.write'): DocumentReader => ({
  write: can(viewer, write),
  margins: can(viewer, 'jobs.read'),
});
export const estimateReaderOf = (viewer: Viewer) => readerOf(viewer, 'estimates.write');
export const invoiceReaderOf = (viewer: Viewer) => readerOf(viewer, 'invoices.write');
/** The customer, in the portal or on a PDF sent to them: no actions, no margins. */
export const CUSTOMER_READER: DocumentReader = { write: false, margins: false };
