import type { Job, JobListItem } from '@fieldwork/domain/jobs/jobs.schemas';
import type { Customer } from '@fieldwork/domain/customers/customers.schemas';
import type { Note } from '@fieldwork/domain/jobs/notes.schemas';

export const JOB_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
export const CUSTOMER_ID = '7d1f3d2e-8a53-4c57-9b1a-2f0d4c6b9a10';
export const ADDRESS_ID = 'a5b0c6de-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
export const ADDRESS2_ID = 'b6c1d7ef-2a3b-4c4d-9e5f-6a7b8c9d0e1f';
export const BILLING_ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
export const OTHER_CONTACT_ID = 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f60';
export const USER_ID = 'f0e1d2c3-b4a5-4968-8776-655443322110';
export const TAG_ID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
export const ZONE_ID = '1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e';

export function listItem(overrides: Partial<JobListItem> = {}): JobListItem {
  return {
    id: JOB_ID,
    jobNumber: 1042,
    name: 'Boiler service',
    status: 'OPEN',
    customer: { id: CUSTOMER_ID, name: 'Northwind Plumbing' },
    jobLead: { userId: USER_ID, username: 'Alex Kim', phoneNumber: null },
    salesManager: null,
    jobTags: [{ id: TAG_ID, name: 'HVAC' }],
    jobZones: [{ id: ZONE_ID, name: 'North' }],
    openEstimates: 2,
    openEstimatesAmount: 1234.5,
    dueInvoices: 1,
    dueInvoicesAmount: 99,
    paidAmount: 1234.5,
    totalCost: 10,
    openBalance: 0,
    createdAt: '2025-03-04T15:00:00.000Z',
    actions: { edit: true, addNote: true },
    statusInfo: { status: 'OPEN', openTasksCount: 0, overdueTasksCount: 0, totalTasksCount: 0, summary: null },
    statusActions: { CLOSED: false, REOPENED: false, CANCELLED: false },
    ...overrides,
  };
}

export function job(overrides: Partial<Job> = {}): Job {
  return {
    ...listItem(),
    credit: 0,
    jobLead: { userId: USER_ID, username: 'Alex Kim', phoneNumber: null },
    description: null,
    siteAddress: { id: ADDRESS_ID, fullAddress: '12 Harbor St, Boston, MA 02110' },
    buildingUnit: null,
    siteContact: null,
    requester: null,
    crmLead: null,
    counts: { tasks: 0, estimates: 0, invoices: 0, costs: 0, notes: 0, media: 0 },
    createdBy: { userId: USER_ID, username: 'Alex Kim' },
    updatedAt: '2025-03-04T15:00:00.000Z',
    version: 3,
    taskCounts: { total: 0, closed: 0, clockedIn: 0, clockedOut: 0 },
    ...overrides,
  };
}

export function customer(): Customer {
  return {
    id: CUSTOMER_ID,
    name: 'Northwind Plumbing',
    email: null,
    phone: null,
    notes: null,
    isActive: true,
    tags: [],
    customerAddress: [
      { id: ADDRESS_ID, addressLine1: '12 Harbor St', buildingUnit: null, fullAddress: '12 Harbor St, Boston, MA 02110' },
      { id: ADDRESS2_ID, addressLine1: '40 Pier Rd', buildingUnit: 'Unit 5', fullAddress: '40 Pier Rd, Boston, MA 02110' },
    ],
    contacts: [
      { id: OTHER_CONTACT_ID, name: 'Sam Field', email: null, mobileNumber: null, isBilling: false, textsOff: null },
      { id: BILLING_ID, name: 'Bea Billing', email: null, mobileNumber: '555-0100', isBilling: true, textsOff: null },
    ],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    version: 1,
  };
}

export function note(overrides: Partial<Note> = {}): Note {
  return {
    id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
    note: 'Gate code is 1234',
    jobId: JOB_ID,
    noteType: 'Job',
    noteCreatedBy: { userId: USER_ID, username: 'Alex Kim', profileImg: null },
    createdAt: '2025-03-04T15:00:00.000Z',
    updatedAt: '2025-03-04T15:00:00.000Z',
    actions: { edit: true, delete: true },
    ...overrides,
  };
}

export const pageOf = <T>(data: T[]) => ({
  data,
  pagination: { totalItems: data.length, totalPages: data.length ? 1 : 0, currentPage: 1, itemsPerPage: 10 },
});
