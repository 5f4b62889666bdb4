import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { CreateLeadBody, Lead, LeadListQuery } from '@fieldwork/domain/customers/leads.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { findCustomer } from '../customers/customers.repository.ts';
import { presentLeads } from './leads.presenter.ts';
import { findLead, insertLead, listLeads } from './leads.repository.ts';
import { findLeadPhoto } from './lead-photos.repository.ts';

export async function listLeadsPage(db: Db, tenantId: string, q: LeadListQuery) {
  const { rows, total } = await listLeads(db, tenantId, q);
  return { data: await presentLeads(db, tenantId, rows), pagination: pagination(total, q.page, q.limit) };
}

export async function getLead(db: Db, tenantId: string, leadId: string): Promise<Lead> {
  const row = await findLead(db, tenantId, leadId);
  if (!row) throw new AppError('NOT_FOUND', 'Lead not found.');
  const [lead] = await presentLeads(db, tenantId, [row]);
  return lead!;
}

/** Lead numbers start at 1 per company and come from the tenant counter in the same transaction. */
export async function createLead(db: Db, viewer: Viewer, body: CreateLeadBody): Promise<Lead> {
  const { tenantId } = viewer;
  if (!(await findCustomer(db, tenantId, body.customerId))) throw new AppError('NOT_FOUND', 'Customer not found.');
  const id = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const leadNumber = await nextNumber(trx, tenantId, 'lead', 1);
    await insertLead(trx, tenantId, {
      id,
      lead_number: leadNumber,
      customer_id: body.customerId,
      status: body.status,
      source: body.source,
      notes: body.notes || null,
      created_by: viewer.userId,
      created_at: now,
      updated_at: now,
    });
  });
  return getLead(db, tenantId, id);
}

/** A photo of a lead; one of another lead or another company is missing, as is one that does not exist. */
export async function getLeadPhoto(db: Db, tenantId: string, leadId: string, fileId: string): Promise<{ contentType: string; data: Buffer }> {
  const photo = await findLeadPhoto(db, tenantId, leadId, fileId);
  if (!photo) throw new AppError('NOT_FOUND', 'Photo not found.');
  return { contentType: photo.content_type, data: Buffer.from(photo.data) };
}
