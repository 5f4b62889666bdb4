import type { Db } from '@fieldwork/db/connection';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { AccessLevel } from '@fieldwork/domain/access/roles.rules';
import type { CreateJobBody, Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { JOB_PEOPLE_LABELS, JOB_PEOPLE_MESSAGES, mayHoldJobRole, type JobPeopleRole } from '@fieldwork/domain/jobs/job-people.rules';
import { loadJobRefs } from './jobs-refs.repository.ts';

type RefFields = Omit<CreateJobBody, 'customerId' | 'name' | 'description' | 'sessionToken'>;

export type ResolvedRefs = {
  tagIds: string[];
  zoneIds: string[];
  /** The job's references as the DTO and the activity log show them. */
  view: Pick<Job, 'siteAddress' | 'buildingUnit' | 'siteContact' | 'requester' | 'jobLead' | 'salesManager' | 'crmLead' | 'jobTags' | 'jobZones'>;
};

const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((v): v is string => !!v))];

/**
 * Every id the form sends must belong to this company and, for addresses and contacts, to the job's
 * customer; otherwise a 400 naming the field (another company's id reads exactly like a missing one).
 * An archived address stays acceptable only if the job already uses it.
 */
export async function resolveJobRefs(
  db: Db,
  tenantId: string,
  customerId: string,
  body: RefFields,
  current?: { siteAddressId: string; buildingUnitId: string | null; jobLeadId?: string | null; salesManagerId?: string | null },
): Promise<ResolvedRefs> {
  const tagIds = unique((body.tags ?? []).map((t) => t.id));
  const zoneIds = unique((body.zones ?? []).map((z) => z.id));
  const refs = await loadJobRefs(db, tenantId, customerId, {
    addressIds: unique([body.siteAddressId, body.buildingUnitId]),
    contactIds: unique([body.siteContactId, body.requesterId]),
    userIds: unique([body.jobLeadId, body.salesManagerId]),
    leadId: body.crmLeadId ?? null,
    tagIds,
    zoneIds,
  });
  const errors: string[] = [];
  if (!refs.customer) throw new AppError('VALIDATION_FAILED', ['Account Name must be a valid UUID.']);
  const address = (id: string | null | undefined, keep: string | null | undefined) => {
    const row = id ? refs.addresses.find((a) => a.id === id) : undefined;
    return row && (!row.archived_at || row.id === keep) ? row : undefined;
  };
  const site = address(body.siteAddressId, current?.siteAddressId);
  if (!site) errors.push('Site Address must be an address of the selected customer.');
  const unit = body.buildingUnitId ? address(body.buildingUnitId, current?.buildingUnitId) : undefined;
  if (body.buildingUnitId && (!unit || !unit.building_unit)) errors.push('Building Unit must be a building/unit of the selected customer.');
  const contact = (id: string | null | undefined, label: string) => {
    if (!id) return null;
    const row = refs.contacts.find((c) => c.id === id);
    if (!row) errors.push(`${label} must be a contact of the selected customer.`);
    return row ?? null;
  };
  const siteContact = contact(body.siteContactId, 'Site Contact');
  const requester = contact(body.requesterId, 'Requester');
  // Someone who can no longer hold the role (their access changed) stays on a job that already names them.
  const user = (id: string | null | undefined, jobRole: JobPeopleRole, keep: string | null | undefined) => {
    if (!id) return null;
    const label = JOB_PEOPLE_LABELS[jobRole];
    const row = refs.users.find((u) => u.id === id && u.status === 'ACTIVE');
    if (!row) errors.push(`${label} must be an active user of your company.`);
    else if (id !== keep && !mayHoldJobRole({ role: row.role, access: row.access as AccessLevel }, jobRole)) errors.push(JOB_PEOPLE_MESSAGES[jobRole]);
    return row ? { userId: row.id, username: row.name } : null;
  };
  const jobLead = user(body.jobLeadId, 'jobLead', current?.jobLeadId);
  const salesManager = user(body.salesManagerId, 'salesManager', current?.salesManagerId);
  if (body.crmLeadId && (!refs.lead || refs.lead.customer_id !== customerId)) errors.push('CRM Lead must be a lead of the selected customer.');
  const tags = tagIds.map((id) => refs.tags.find((t) => t.id === id && t.type === 'SERVICE'));
  if (tags.some((t) => !t)) errors.push('Tag ID must be a service tag of your company.');
  const zones = zoneIds.map((id) => refs.zones.find((z) => z.id === id));
  if (zones.some((z) => !z)) errors.push('Zone ID must be a service area of your company.');
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors);
  const jobLeadPhone = null;
  return {
    tagIds,
    zoneIds,
    view: {
      siteAddress: { id: site!.id, fullAddress: site!.full_address },
      buildingUnit: unit && unit.building_unit ? { id: unit.id, buildingUnit: unit.building_unit } : null,
      siteContact: siteContact ? { id: siteContact.id, name: siteContact.name, mobileNumber: null } : null,
      requester: requester ? { id: requester.id, name: requester.name } : null,
      jobLead: jobLead ? { ...jobLead, phoneNumber: jobLeadPhone } : null,
      salesManager,
      crmLead: refs.lead && body.crmLeadId ? { id: refs.lead.id, leadNumber: refs.lead.lead_number } : null,
      jobTags: tags.map((t) => ({ id: t!.id, name: t!.name })),
      jobZones: zones.map((z) => ({ id: z!.id, name: z!.name })),
    },
  };
}
