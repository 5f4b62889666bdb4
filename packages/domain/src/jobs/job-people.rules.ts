import { viewerClass, type Viewer } from '../access/roles.rules.ts';

/** The people a job names besides its customer's contacts. */
export const JOB_PEOPLE_ROLES = ['jobLead', 'salesManager'] as const;
export type JobPeopleRole = (typeof JOB_PEOPLE_ROLES)[number];

export const JOB_PEOPLE_LABELS = { jobLead: 'Job Lead', salesManager: 'Sales Manager' } as const satisfies Record<JobPeopleRole, string>;

/**
 * Who can hold each role on a job: a sales manager sells and edits the job, so office staff who may change
 * work orders (admin or partial access); a job lead runs the work, so those office staff or a technician
 * (both technician roles). Subcontractor logins, view-only and no-access users hold neither.
 */
export function mayHoldJobRole(person: Pick<Viewer, 'role' | 'access'>, jobRole: JobPeopleRole): boolean {
  const cls = viewerClass(person);
  if (cls === 'admin' || cls === 'partial') return true;
  return jobRole === 'jobLead' && cls === 'technician';
}

export const JOB_PEOPLE_MESSAGES = {
  jobLead: 'Job Lead must be an office user who can edit jobs, or a technician.',
  salesManager: 'Sales Manager must be an office user who can edit jobs.',
} as const satisfies Record<JobPeopleRole, string>;
