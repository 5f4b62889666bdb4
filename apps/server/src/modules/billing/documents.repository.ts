import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { DocumentLineColumns, EstimatesTable } from '@fieldwork/db/schema';
import { paging } from '@fieldwork/db/sql-helpers';
import type { DocumentOrderKey } from '@fieldwork/domain/billing.schemas';

/**
 * Reads and line writes shared by estimates and invoices (issue 8). Both tables have the same document columns;
 * `kind` picks the table. Every query takes tenantId first and filters on it.
 */
export type DocKind = 'estimate' | 'invoice';
const TABLE = { estimate: 'estimates', invoice: 'invoices' } as const;
const LINES = { estimate: { table: 'estimate_lines', fk: 'estimate_id' }, invoice: { table: 'invoice_lines', fk: 'invoice_id' } } as const;
const NUMBER = { estimate: 'estimate_number', invoice: 'invoice_number' } as const;

export type LineRow = DocumentLineColumns;

/** The document row with the names its DTO shows. `any` keeps one query for both tables; callers narrow it. */
export function documentQuery(db: Db, kind: DocKind, tenantId: string) {
  const t = TABLE[kind] as 'estimates';
  return db
    .selectFrom(`${t} as d` as 'estimates as d')
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
    ])
    .where('d.tenant_id', '=', tenantId);
}

export type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentQuery>['executeTakeFirstOrThrow']>> & Record<string, unknown>;

export async function findDocument(db: Db, kind: DocKind, tenantId: string, id: string): Promise<DocumentRow | undefined> {
  return (await documentQuery(db, kind, tenantId).where('d.id', '=', id).executeTakeFirst()) as DocumentRow | undefined;
}

export async function loadLines(db: Db, kind: DocKind, tenantId: string, id: string): Promise<LineRow[]> {
  const { table, fk } = LINES[kind];
  return db
    .selectFrom(table as 'estimate_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(fk as 'estimate_id', '=', id)
    .orderBy('position')
    .execute();
}

export async function replaceLines(trx: Db, kind: DocKind, tenantId: string, id: string, lines: Omit<LineRow, 'id' | 'tenant_id' | 'position'>[]): Promise<void> {
  const { table, fk } = LINES[kind];
  await trx.deleteFrom(table as 'estimate_lines').where('tenant_id', '=', tenantId).where(fk as 'estimate_id', '=', id).execute();
  if (!lines.length) return;
  await trx
    .insertInto(table as 'estimate_lines')
    .values(lines.map((l, position) => ({ ...l, id: randomUUID(), tenant_id: tenantId, position, [fk]: id }) as LineRow & { estimate_id: string }))
    .execute();
}

const ORDER = {
  createdOn: 'd.created_at',
  createdAt: 'd.created_at',
  amount: 'd.total_cents',
  estimateAmount: 'd.total_cents',
  invoiceAmount: 'd.total_cents',
  deposit: 'd.deposit_cents',
  number: 'd.created_at',
} as const satisfies Record<DocumentOrderKey, string>;

export type ListFilter = {
  page: number;
  limit: number;
  orderByKey: DocumentOrderKey;
  orderByValue: 'asc' | 'desc';
  numberPrefix: number | null | 'none';
  storedStatuses: string[] | null;
  /** Extra condition for derived statuses (EXPIRED / SENT split by due date). */
  statusCondition?: (eb: any) => any;
  createdFrom?: string;
  createdTo?: string;
  jobId?: string;
  unlinked?: boolean;
};

export async function listDocuments(db: Db, kind: DocKind, tenantId: string, f: ListFilter): Promise<{ rows: DocumentRow[]; total: number }> {
  let base = documentQuery(db, kind, tenantId);
  if (f.numberPrefix === 'none') base = base.where(sql<SqlBool>`1 = 0`);
  else if (f.numberPrefix !== null) base = base.where(sql<SqlBool>`cast(${sql.ref(`d.${NUMBER[kind]}`)} as text) like ${`${f.numberPrefix}%`}`);
  if (f.storedStatuses) base = base.where('d.status', 'in', f.storedStatuses.length ? f.storedStatuses : ['-']);
  if (f.statusCondition) base = base.where(f.statusCondition);
  if (f.createdFrom) base = base.where('d.created_at', '>=', f.createdFrom);
  if (f.createdTo) base = base.where('d.created_at', '<', f.createdTo);
  if (f.jobId) base = base.where('d.job_id', '=', f.jobId);
  if (f.unlinked) base = base.where('d.job_id', 'is', null).where('d.status', '<>', 'VOID');
  const { limit, offset } = paging(f.page, f.limit);
  const column = f.orderByKey === 'number' ? `d.${NUMBER[kind]}` : ORDER[f.orderByKey];
  const [rows, count] = await Promise.all([
    base.orderBy(sql.ref(column), f.orderByValue).orderBy('d.id', f.orderByValue).limit(limit).offset(offset).execute(),
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DocumentRow[], total: Number(count.n) };
}

/** The customer's parts a document may point at (addresses and contacts of that customer only). */
export async function customerOwns(db: Db, tenantId: string, customerId: string, ids: { addresses: string[]; contacts: string[] }): Promise<boolean> {
  const [a, c] = await Promise.all([
    ids.addresses.length
      ? db.selectFrom('customer_addresses').select('id').where('tenant_id', '=', tenantId).where('customer_id', '=', customerId).where('id', 'in', ids.addresses).execute()
      : [],
    ids.contacts.length
      ? db.selectFrom('customer_contacts').select('id').where('tenant_id', '=', tenantId).where('customer_id', '=', customerId).where('id', 'in', ids.contacts).execute()
      : [],
  ]);
  return a.length === new Set(ids.addresses).size && c.length === new Set(ids.contacts).size;
}

export type EstimateRowExtra = Pick<EstimatesTable, 'estimate_number'>;
