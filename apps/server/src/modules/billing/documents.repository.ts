import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { compiledOnce } from '@fieldwork/db/compiled-once';
import type { Db } from '@fieldwork/db/connection';
import { prepared } from '@fieldwork/db/prepared-statements';
import type { Database, DocumentLineColumns } from '@fieldwork/db/schema';
import type { DocumentColumns } from '@fieldwork/db/schema-billing';
import { paging } from '@fieldwork/db/sql-helpers';
import type { DocumentOrderKey } from '@fieldwork/domain/billing/billing.schemas';

/**
 * Reads shared by estimates and invoices: the document row with the names its DTO shows, list pages, lines,
 * and the customer's and job's parts a document points at. Every query takes tenantId first and filters on it.
 */
export type DocKind = 'estimate' | 'invoice';
export type DocTables = { estimate: 'estimates'; invoice: 'invoices' };
export type LineRow = DocumentLineColumns;

/** A document table under the alias `d`, whichever of the two it is. */
type DocDb<K extends DocKind> = Database & { d: Database[DocTables[K]] };

/** The customer, job, address, unit, contacts and creator names beside the document's own columns. */
function withParties<K extends DocKind>(documents: SelectQueryBuilder<DocDb<K>, 'd', object>) {
  return documents
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .leftJoin('jobs as j', 'j.id', 'd.job_id')
    .leftJoin('customer_addresses as addr', 'addr.id', 'd.address_id')
    .leftJoin('customer_addresses as unit', 'unit.id', 'd.building_unit_id')
    .leftJoin('customer_contacts as bill', 'bill.id', 'd.billing_contact_id')
    .leftJoin('customer_contacts as site', 'site.id', 'd.site_contact_id')
    .leftJoin('users as creator', 'creator.id', 'd.created_by')
    .selectAll('d')
    .select([
      'c.name as customer_name',
      'j.job_number as job_number',
      'addr.full_address as address_full',
      'unit.building_unit as building_unit',
      'bill.name as billing_contact_name',
      'site.name as site_contact_name',
      'creator.name as creator_name',
    ]);
}

export function estimateQuery(db: Db, tenantId: string) {
  return withParties<'estimate'>(db.selectFrom('estimates as d')).where('d.tenant_id', '=', tenantId);
}

export function invoiceQuery(db: Db, tenantId: string) {
  return withParties<'invoice'>(db.selectFrom('invoices as d')).where('d.tenant_id', '=', tenantId);
}

/** The estimate as its DTO reads it; the number of the invoice it became is read with one estimate only. */
export type EstimateRow = Awaited<ReturnType<ReturnType<typeof estimateQuery>['executeTakeFirstOrThrow']>> & { converted_invoice_number?: number | null };
/** The invoice as its DTO reads it; the number of the estimate it came from is read with one invoice only. */
export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceQuery>['executeTakeFirstOrThrow']>> & { converted_estimate_number?: number | null };
/** What both rows have: the shared columns and the party names. */
export type DocumentRow = EstimateRow | InvoiceRow;

export type ListFilter = {
  page: number;
  limit: number;
  orderByKey: DocumentOrderKey;
  orderByValue: 'asc' | 'desc';
  /** Digits the number starts with; 'none' when the search text is not a number (nothing matches). */
  numberPrefix: number | null | 'none';
  storedStatuses: string[] | null;
  /** Estimates: stored SENT split by due date into the derived EXPIRED (due before today) and SENT; plain statuses beside. */
  sentByDueDate?: { today: string; expired: boolean; sent: boolean; plain: string[] };
  /** Invoices: stored SENT and due before this day (overdue, as the dashboard counts it). */
  overdueBefore?: string;
  createdFrom?: string;
  createdTo?: string;
  jobId?: string;
  unlinked?: boolean;
  customerFirst?: string;
};

const ORDER = {
  createdOn: 'd.created_at',
  createdAt: 'd.created_at',
  amount: 'd.total_cents',
  estimateAmount: 'd.total_cents',
  invoiceAmount: 'd.total_cents',
  deposit: 'd.deposit_cents',
  number: 'd.created_at',
} as const satisfies Record<DocumentOrderKey, string>;

/** Conditions on the columns both tables share, written once for either list. */
const doc = expressionBuilder<{ d: DocumentColumns & { id: string; status: string } }, 'd'>();

function conditions(f: ListFilter, numberColumn: string): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.numberPrefix === 'none') out.push(sql<SqlBool>`1 = 0`);
  else if (f.numberPrefix !== null) out.push(sql<SqlBool>`cast(${sql.ref(`d.${numberColumn}`)} as text) like ${`${f.numberPrefix}%`}`);
  if (f.storedStatuses) out.push(doc('d.status', 'in', f.storedStatuses.length ? f.storedStatuses : ['-']));
  const split = f.sentByDueDate;
  if (split) {
    const terms: Expression<SqlBool>[] = [];
    if (split.plain.length) terms.push(doc('d.status', 'in', split.plain));
    const sent = doc('d.status', '=', 'SENT');
    if (split.expired) terms.push(doc.and([sent, doc('d.due_date', 'is not', null), doc('d.due_date', '<', split.today)]));
    if (split.sent) terms.push(doc.and([sent, doc.or([doc('d.due_date', 'is', null), doc('d.due_date', '>=', split.today)])]));
    out.push(doc.or(terms));
  }
  if (f.overdueBefore) out.push(doc.and([doc('d.status', '=', 'SENT'), doc('d.due_date', '<', f.overdueBefore)]));
  if (f.createdFrom) out.push(doc('d.created_at', '>=', f.createdFrom));
  if (f.createdTo) out.push(doc('d.created_at', '<', f.createdTo));
  if (f.jobId) out.push(doc('d.job_id', '=', f.jobId));
  if (f.unlinked) out.push(doc('d.job_id', 'is', null), doc('d.status', '<>', 'VOID'));
  return out;
}

/** One page of a document list and the total, in the filter's order (then id). */
async function listPage<R>(documents: SelectQueryBuilder<any, any, R>, numberColumn: string, f: ListFilter): Promise<{ rows: R[]; total: number }> {
  const where = conditions(f, numberColumn);
  const base = where.length ? documents.where(doc.and(where)) : documents;
  const { limit, offset } = paging(f.page, f.limit);
  const column = f.orderByKey === 'number' ? `d.${numberColumn}` : ORDER[f.orderByKey];
  const [rows, count] = await Promise.all([
    (f.customerFirst ? base.orderBy(sql`case when d.customer_id = ${f.customerFirst} then 0 else 1 end`) : base)
      .orderBy(sql.ref(column), f.orderByValue)
      .orderBy('d.id', f.orderByValue)
      .limit(limit)
      .offset(offset)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: number }).n) };
}

export const listEstimates = (db: Db, tenantId: string, f: ListFilter) => listPage<EstimateRow>(estimateQuery(db, tenantId), 'estimate_number', f);
export const listInvoices = (db: Db, tenantId: string, f: ListFilter) => listPage<InvoiceRow>(invoiceQuery(db, tenantId), 'invoice_number', f);

// Nine tables by primary key: PostgreSQL planned each read anew in ~3 ms of its ~3.3 (every Send, void, payment and
// page of one document reads it, most of them twice), so it is a named statement planned once per connection, and
// built once.
const estimateById = compiledOnce((db: Db, tenantId: string, id: string) =>
  estimateQuery(db, tenantId)
    .leftJoin('invoices as converted', 'converted.id', 'd.converted_invoice_id')
    .select('converted.invoice_number as converted_invoice_number')
    .where('d.id', '=', id)
    .modifyFront(prepared),
);
const invoiceById = compiledOnce((db: Db, tenantId: string, id: string) =>
  invoiceQuery(db, tenantId)
    .leftJoin('estimates as converted', 'converted.id', 'd.converted_from_estimate_id')
    .select('converted.estimate_number as converted_estimate_number')
    .where('d.id', '=', id)
    .modifyFront(prepared),
);

/** One estimate, with the number of the invoice it became. */
export async function findEstimate(db: Db, tenantId: string, id: string): Promise<EstimateRow | undefined> {
  return (await estimateById(db, tenantId, id))[0];
}

/** One invoice, with the number of the estimate it came from. */
export async function findInvoice(db: Db, tenantId: string, id: string): Promise<InvoiceRow | undefined> {
  return (await invoiceById(db, tenantId, id))[0];
}

export function loadLines(db: Db, kind: DocKind, tenantId: string, id: string): Promise<LineRow[]> {
  if (kind === 'estimate')
    return db.selectFrom('estimate_lines').selectAll().where('tenant_id', '=', tenantId).where('estimate_id', '=', id).orderBy('position').execute();
  return db.selectFrom('invoice_lines').selectAll().where('tenant_id', '=', tenantId).where('invoice_id', '=', id).orderBy('position').execute();
}

export function loadPayments(db: Db, tenantId: string, invoiceId: string) {
  return db
    .selectFrom('invoice_payments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The job a document is written for: its customer, status and the parts a new document defaults to. */
export function findJobForDocument(db: Db, tenantId: string, jobId: string) {
  return db
    .selectFrom('jobs')
    .select(['id', 'job_number', 'customer_id', 'status', 'site_address_id', 'building_unit_id', 'site_contact_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', jobId)
    .executeTakeFirst();
}

/** The customer's parts a document may point at (addresses and contacts of that customer only). */
export async function customerOwns(db: Db, tenantId: string, customerId: string, ids: { addresses: string[]; contacts: string[] }): Promise<boolean> {
  const [a, c] = await Promise.all([
    ids.addresses.length
      ? db
          .selectFrom('customer_addresses')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('customer_id', '=', customerId)
          .where('id', 'in', ids.addresses)
          .execute()
      : [],
    ids.contacts.length
      ? db
          .selectFrom('customer_contacts')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('customer_id', '=', customerId)
          .where('id', 'in', ids.contacts)
          .execute()
      : [],
  ]);
  return a.length === new Set(ids.addresses).size && c.length === new Set(ids.contacts).size;
}
