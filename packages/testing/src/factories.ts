import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import type { AccessLevel, RoleName } from '@fieldwork/domain/access/roles.rules';
import { customerSearchText } from '@fieldwork/domain/customers/customers.schemas';
import { portalSlug } from '@fieldwork/domain/portal/portal.rules';

/** Factories insert rows directly and create any parent they are not given. */
let seq = 0;
const next = () => ++seq + '-' + randomUUID().slice(0, 8);
const now = () => new Date().toISOString();

/** A company; verified (may email its customers) unless `verified: false`. */
export async function buildTenant(db: Db, o: { name?: string; timeZone?: string; verified?: boolean } = {}): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const name = o.name ?? `Company ${next()}`;
  await db
    .insertInto('tenants')
    .values({
      id,
      name,
      time_zone: o.timeZone ?? 'America/New_York',
      created_at: now(),
      updated_at: now(),
      version: 1,
      portal_slug: portalSlug(name, id),
      email_verified_at: o.verified === false ? null : now(),
    })
    .execute();
  return { id, name };
}

export type BuiltUser = { id: string; tenantId: string; email: string; role: RoleName; access: AccessLevel };

export async function buildUser(
  db: Db,
  o: { tenantId?: string; role?: RoleName; access?: AccessLevel; email?: string; name?: string; passwordHash: string; status?: 'ACTIVE' | 'DISABLED' },
): Promise<BuiltUser> {
  const tenantId = o.tenantId ?? (await buildTenant(db)).id;
  const id = randomUUID();
  const role = o.role ?? 'Admin';
  const access = o.access ?? (role === 'Admin' ? 'fullAccess' : 'noAccess');
  const email = (o.email ?? `user-${next()}@test.example`).toLowerCase();
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: tenantId,
      email,
      password_hash: o.passwordHash,
      name: o.name ?? `User ${role}`,
      phone: null,
      role,
      access,
      status: o.status ?? 'ACTIVE',
      photo_file_id: null,
      added_by: null,
      created_at: now(),
      updated_at: now(),
      password_changed_at: now(),
      version: 1,
    })
    .execute();
  return { id, tenantId, email, role, access };
}

export async function buildZone(db: Db, tenantId: string, name = `Zone ${next()}`): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  await db.insertInto('zones').values({ id, tenant_id: tenantId, name, created_at: now() }).execute();
  return { id, name };
}

export async function buildTag(db: Db, tenantId: string, o: { name?: string; type?: 'SERVICE' | 'ACCOUNT' } = {}): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const name = o.name ?? `Tag ${next()}`;
  await db
    .insertInto('tags')
    .values({ id, tenant_id: tenantId, name, type: o.type ?? 'SERVICE', created_at: now() })
    .execute();
  return { id, name };
}

export async function buildCustomer(
  db: Db,
  tenantId: string,
  o: { name?: string; contactEmail?: string } = {},
): Promise<{ id: string; name: string; addressId: string; contactId: string }> {
  const id = randomUUID();
  const name = o.name ?? `Customer ${next()}`;
  const addressId = randomUUID();
  const contactId = randomUUID();
  await db
    .insertInto('customers')
    .values({
      id,
      tenant_id: tenantId,
      name,
      email: null,
      phone: null,
      notes: null,
      is_active: 1,
      created_by: null,
      search_text: customerSearchText({
        name,
        contacts: [{ name: 'Pat Contact' }],
        addresses: [{ addressLine1: '1 Main St', fullAddress: '1 Main St, Springfield' }],
      }),
      created_at: now(),
      updated_at: now(),
      version: 1,
    })
    .execute();
  await db
    .insertInto('customer_addresses')
    .values({
      id: addressId,
      tenant_id: tenantId,
      customer_id: id,
      address_line1: '1 Main St',
      building_unit: null,
      full_address: '1 Main St, Springfield',
      position: 0,
      archived_at: null,
    })
    .execute();
  await db
    .insertInto('customer_contacts')
    .values({
      id: contactId,
      tenant_id: tenantId,
      customer_id: id,
      name: 'Pat Contact',
      email: o.contactEmail ?? 'pat@example.com',
      mobile_number: null,
      is_billing: 1,
      position: 0,
      archived_at: null,
    })
    .execute();
  return { id, name, addressId, contactId };
}

export async function buildSubcontractor(db: Db, tenantId: string, o: { name?: string; userId?: string } = {}): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const name = o.name ?? `Sub ${next()}`;
  await db
    .insertInto('subcontractors')
    .values({
      id,
      tenant_id: tenantId,
      name,
      kind: 'COMPANY',
      contact_name: null,
      email: null,
      phone: null,
      is_active: 1,
      user_id: o.userId ?? null,
      created_at: now(),
      updated_at: now(),
      version: 1,
    })
    .execute();
  return { id, name };
}

export type BuiltJob = { id: string; jobNumber: number; customerId: string };

/** A job row inserted directly (the jobs API owns the real create), with its customer unless one is given. */
export async function buildJob(
  db: Db,
  tenantId: string,
  o: { status?: 'OPEN' | 'CLOSED' | 'CANCELLED'; customer?: { id: string; addressId: string }; name?: string; createdAt?: string; crmLeadId?: string } = {},
): Promise<BuiltJob> {
  const customer = o.customer ?? (await buildCustomer(db, tenantId));
  const id = randomUUID();
  const at = o.createdAt ?? now();
  const jobNumber = await db.transaction().execute(async (trx) => {
    const n = await nextNumber(trx, tenantId, 'job');
    await trx
      .insertInto('jobs')
      .values({
        id,
        tenant_id: tenantId,
        job_number: n,
        job_number_text: String(n),
        name: o.name ?? `Job ${n}`,
        description: null,
        status: o.status ?? 'OPEN',
        customer_id: customer.id,
        site_address_id: customer.addressId,
        building_unit_id: null,
        site_contact_id: null,
        requester_id: null,
        job_lead_id: null,
        sales_manager_id: null,
        crm_lead_id: o.crmLeadId ?? null,
        created_by: null,
        created_at: at,
        updated_at: at,
        version: 1,
      })
      .execute();
    return n;
  });
  return { id, jobNumber, customerId: customer.id };
}

export type TaskOverrides = {
  jobId?: string;
  name?: string;
  lifecycle?: 'OPEN' | 'CLOCKED_IN' | 'CLOCKED_OUT' | 'CLOSED' | 'CANCELLED';
  startAt?: string | null;
  expectedEndAt?: string | null;
  endAt?: string | null;
  /** A technician's user id; exclusive with subcontractorId. */
  technicianId?: string;
  subcontractorId?: string;
  createdBy?: string | null;
  createdAt?: string;
};

export type BuiltTask = { id: string; taskNumber: number; jobId: string };

/**
 * A task row inserted directly, numbered from the tenant's counter and counted on its job; a job (and its
 * customer) is created when none is given. An assignee without a start gets a start of now.
 */
export async function buildTask(db: Db, tenantId: string, o: TaskOverrides = {}): Promise<BuiltTask> {
  const job = o.jobId
    ? await db.selectFrom('jobs').select(['id', 'customer_id']).where('id', '=', o.jobId).executeTakeFirstOrThrow()
    : await buildJob(db, tenantId).then((j) => ({ id: j.id, customer_id: j.customerId }));
  const assigned = o.technicianId ? 'TECHNICIAN' : o.subcontractorId ? 'SUBCONTRACTOR' : 'NONE';
  const startAt = o.startAt !== undefined ? o.startAt : assigned === 'NONE' ? null : now();
  const id = randomUUID();
  const at = o.createdAt ?? now();
  const taskNumber = await db.transaction().execute(async (trx) => {
    const n = await nextNumber(trx, tenantId, 'task');
    await trx
      .insertInto('tasks')
      .values({
        id,
        tenant_id: tenantId,
        task_number: n,
        task_number_text: String(n),
        name: o.name ?? `Task ${n}`,
        description: null,
        job_id: job.id,
        customer_id: job.customer_id,
        lifecycle: o.lifecycle ?? 'OPEN',
        assigned_to: assigned,
        assigned_user_id: o.technicianId ?? null,
        assigned_subcontractor_id: o.subcontractorId ?? null,
        assignee_key: o.technicianId ?? o.subcontractorId ?? null,
        schedule_id: startAt ? randomUUID() : null,
        start_at: startAt,
        expected_end_at: o.expectedEndAt ?? null,
        end_at: o.endAt ?? null,
        created_by: o.createdBy ?? null,
        created_at: at,
        updated_at: at,
        closed_at: o.lifecycle === 'CLOSED' ? at : null,
      })
      .execute();
    await trx
      .updateTable('jobs')
      .set((eb) => ({ task_count: eb('task_count', '+', 1) }))
      .where('id', '=', job.id)
      .execute();
    return n;
  });
  return { id, taskNumber, jobId: job.id };
}
