import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import type { Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { buildCustomer, buildJob } from './factories.ts';

let planNumber = 0;

/**
 * An active service plan of a customer of its own, with its own job, per visit at $120 unless told, not generated yet; its
 * visits go to `technicianId` when given (else nobody). Inserted directly, as the factories do.
 */
export async function buildPlan(
  db: Db,
  tenantId: string,
  o: {
    recurrence: Recurrence;
    technicianId?: string | null;
    name?: string;
    status?: 'active' | 'paused' | 'ended';
    billing?: 'per_visit' | 'monthly' | 'quarterly' | 'yearly';
    priceCents?: number;
    autoSend?: boolean;
    createdBy?: string | null;
    createdAt?: string;
    contactEmail?: string;
  },
): Promise<{ id: string; jobId: string; customerId: string }> {
  const customer = await buildCustomer(db, tenantId, o.contactEmail ? { contactEmail: o.contactEmail } : {});
  const job = await buildJob(db, tenantId, { customer });
  const id = randomUUID();
  const at = o.createdAt ?? new Date().toISOString();
  const technicianId = o.technicianId ?? null;
  await db
    .insertInto('service_plans')
    .values({
      id,
      tenant_id: tenantId,
      customer_id: customer.id,
      site_address_id: customer.addressId,
      job_id: job.id,
      plan_number: ++planNumber,
      name: o.name ?? `Plan ${planNumber}`,
      status: o.status ?? 'active',
      recurrence: JSON.stringify(o.recurrence),
      rrule: '',
      starts_on: o.recurrence.startDate,
      ends_on: o.recurrence.endDate,
      visit_template: JSON.stringify({
        taskName: 'Plan visit',
        description: null,
        assignTo: technicianId ? 'TECHNICIAN' : 'LATER',
        assignedTechnicianId: technicianId,
        assignedSubcontractorId: null,
        productServices: [],
      }),
      billing: o.billing ?? 'per_visit',
      price_cents: o.priceCents ?? 12_000,
      auto_send: o.autoSend ? 1 : 0,
      renewal_days: null,
      renewal_to_customer: 0,
      generated_through: null,
      paused_at: null,
      ended_at: null,
      created_by: o.createdBy ?? null,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
  return { id, jobId: job.id, customerId: customer.id };
}

/** A company's text preferences row: the product's defaults (reminders on, 24 h, quiet 21:00–08:00), overridable. */
export function textPreferencesRow(tenantId: string, over: Record<string, string | number> = {}) {
  return {
    tenant_id: tenantId,
    reminders_on: 1,
    reminder_hours: 24,
    quiet_hours_on: 1,
    quiet_start: '21:00',
    quiet_end: '08:00',
    booking_confirmation: 0,
    job_completed: 0,
    templates: '{}',
    updated_at: new Date().toISOString(),
    ...over,
  };
}
