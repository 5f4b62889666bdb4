import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  JOB_NAME_FORM_MESSAGE,
  JOB_NAME_MAX,
  createJobBody,
  updateJobBody,
  type CreateJobBody,
  type Job,
  type UpdateJobBody,
} from '@fieldwork/domain/jobs/jobs.schemas';
import { REQUIRED_SELECT } from '../../lib/form-messages';

/** Every select holds '' until chosen; optional references go to the server as '' (meaning none). */
export type JobFormValues = {
  customerId: string;
  siteAddressId: string;
  buildingUnitId: string;
  siteContactId: string;
  requesterId: string;
  jobLeadId: string;
  salesManagerId: string;
  crmLeadId: string;
  name: string;
  description: string;
  tags: { id: string }[];
  zones: { id: string }[];
  version?: number;
};

const requiredSelect = (label: string) =>
  z
    .string()
    .min(1, { error: REQUIRED_SELECT })
    .pipe(z.uuid({ error: `${label} must be a valid UUID.` }));

/** The form's own title message (spec: "Max length 50 symbols"); the server's wording stays for API clients. */
const formName = z
  .string({ error: 'Job Name must be a string.' })
  .trim()
  .min(1, { error: 'Job Name is mandatory.' })
  .max(JOB_NAME_MAX, { error: JOB_NAME_FORM_MESSAGE });

const createForm = createJobBody.omit({ sessionToken: true }).extend({
  customerId: requiredSelect('Account Name'),
  siteAddressId: requiredSelect('Site Address'),
  name: formName,
});
// The customer is fixed on edit: shown in the form, never sent.
const updateForm = updateJobBody.omit({ sessionToken: true }).extend({
  customerId: z.string().optional(),
  siteAddressId: requiredSelect('Site Address'),
  name: formName,
});

export type JobFormOutput = z.output<typeof createForm> & { version?: number };

export function jobResolver(mode: 'create' | 'edit'): Resolver<JobFormValues, unknown, JobFormOutput> {
  return (mode === 'edit' ? zodResolver(updateForm) : zodResolver(createForm)) as unknown as Resolver<JobFormValues, unknown, JobFormOutput>;
}

export function emptyJobValues(): JobFormValues {
  return {
    customerId: '',
    siteAddressId: '',
    buildingUnitId: '',
    siteContactId: '',
    requesterId: '',
    jobLeadId: '',
    salesManagerId: '',
    crmLeadId: '',
    name: '',
    description: '',
    tags: [],
    zones: [],
  };
}

/** A saved job as form values: for editing it (with its version) or as the template of a new job. */
export function jobToValues(job: Job, withVersion: boolean): JobFormValues {
  return {
    customerId: job.customer.id,
    siteAddressId: job.siteAddress.id,
    buildingUnitId: job.buildingUnit?.id ?? '',
    siteContactId: job.siteContact?.id ?? '',
    requesterId: job.requester?.id ?? '',
    jobLeadId: job.jobLead?.userId ?? '',
    salesManagerId: job.salesManager?.userId ?? '',
    crmLeadId: job.crmLead?.id ?? '',
    name: job.name,
    description: job.description ?? '',
    tags: job.jobTags.map((t) => ({ id: t.id })),
    zones: job.jobZones.map((z) => ({ id: z.id })),
    ...(withVersion ? { version: job.version } : {}),
  };
}

const refs = (out: JobFormOutput) => ({
  siteAddressId: out.siteAddressId,
  name: out.name,
  description: out.description ?? '',
  buildingUnitId: out.buildingUnitId ?? null,
  requesterId: out.requesterId ?? null,
  siteContactId: out.siteContactId ?? null,
  jobLeadId: out.jobLeadId ?? null,
  salesManagerId: out.salesManagerId ?? null,
  crmLeadId: out.crmLeadId ?? null,
  tags: out.tags ?? [],
  zones: out.zones ?? [],
});

export function toCreateBody(out: JobFormOutput, sessionToken: string): CreateJobBody {
  return { customerId: out.customerId, ...refs(out), sessionToken };
}

export function toUpdateBody(out: JobFormOutput, version: number): UpdateJobBody {
  return { ...refs(out), version: out.version ?? version };
}

/** Server messages name their field first ("Site Address must be a valid UUID."): route each under its input. */
const MESSAGE_FIELDS: readonly [prefix: string, field: keyof JobFormValues][] = [
  ['Account Name', 'customerId'],
  ['Customer', 'customerId'],
  ['Site Address', 'siteAddressId'],
  ['Building Unit', 'buildingUnitId'],
  ['Building/Unit', 'buildingUnitId'],
  ['Site Contact', 'siteContactId'],
  ['Requester', 'requesterId'],
  ['Job Lead', 'jobLeadId'],
  ['Sales Manager', 'salesManagerId'],
  ['CRM Lead', 'crmLeadId'],
  ['Job Name', 'name'],
  ['Description', 'description'],
  ['Tag', 'tags'],
  ['Zone', 'zones'],
  ['A job can have at most 50 tags', 'tags'],
  ['A job can have at most 50 service areas', 'zones'],
];

export function fieldOfMessage(message: string): keyof JobFormValues | undefined {
  return MESSAGE_FIELDS.find(([prefix]) => message.startsWith(prefix))?.[1];
}

/** A random token of two UUIDs: media uploaded before the job exists wait under it until the job is saved. */
export function newSessionToken(): string {
  return crypto.randomUUID() + crypto.randomUUID();
}
