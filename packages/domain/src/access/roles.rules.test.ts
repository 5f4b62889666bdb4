import { describe, expect, it } from 'vitest';
import {
  can,
  capabilitiesOf,
  defaultAccessFor,
  FORBIDDEN_MESSAGES,
  isAdmin,
  isSubcontractorRole,
  isTechnicianRole,
  refusalFor,
  viewerClass,
  workOrderAccessLabel,
  type AccessLevel,
} from './roles.rules.ts';

describe('isAdmin (spec 6: role name contains "admin", any case, or full access)', () => {
  it.each([
    ['Admin', 'noAccess', true],
    ['Super Admin', 'partialAccess', true],
    ['super ADMIN', 'noAccess', true],
    ['Staff', 'fullAccess', true],
    ['Staff', 'partialAccess', false],
    ['Staff', 'onlyViewAccess', false],
    ['Technician', 'noAccess', false],
    ['SubContractor', 'noAccess', false],
  ] as const)('%s with %s -> %s', (role, access, expected) => {
    expect(isAdmin({ role, access })).toBe(expected);
  });
});

describe('role name matching is case-insensitive', () => {
  it('recognises technicians and tech access', () => {
    expect(isTechnicianRole('technician')).toBe(true);
    expect(isTechnicianRole('TECH ACCESS')).toBe(true);
    expect(isTechnicianRole('Staff')).toBe(false);
  });
  it('recognises subcontractors', () => {
    expect(isSubcontractorRole('subcontractor')).toBe(true);
    expect(isSubcontractorRole('SubContractor')).toBe(true);
    expect(isSubcontractorRole('Technician')).toBe(false);
  });
});

describe('viewerClass', () => {
  it.each([
    ['Admin', 'fullAccess', 'admin'],
    ['Staff', 'fullAccess', 'admin'],
    ['Staff', 'partialAccess', 'partial'],
    ['Staff', 'onlyViewAccess', 'view'],
    ['Staff', 'noAccess', 'none'],
    ['Technician', 'fullAccess', 'technician'],
    ['Tech Access', 'noAccess', 'technician'],
    ['SubContractor', 'fullAccess', 'subcontractor'],
  ] as const)('%s/%s is %s (field roles never gain office screens through access)', (role, access, expected) => {
    expect(viewerClass({ role, access })).toBe(expected);
  });
});

describe('permission table', () => {
  const v = (role: string, access: AccessLevel) => ({ role, access });
  it('only admins manage users and settings', () => {
    expect(can(v('Admin', 'fullAccess'), 'users.manage')).toBe(true);
    expect(can(v('Staff', 'fullAccess'), 'settings.manage')).toBe(true);
    expect(can(v('Staff', 'partialAccess'), 'users.manage')).toBe(false);
    expect(can(v('Technician', 'noAccess'), 'settings.manage')).toBe(false);
  });
  it('create needs full or partial access; view-only reads', () => {
    expect(can(v('Staff', 'partialAccess'), 'customers.write')).toBe(true);
    expect(can(v('Staff', 'onlyViewAccess'), 'customers.write')).toBe(false);
    expect(can(v('Staff', 'onlyViewAccess'), 'customers.read')).toBe(true);
    expect(can(v('Staff', 'noAccess'), 'customers.read')).toBe(false);
  });
  it('technicians and subcontractors see no customer list but keep their profile', () => {
    for (const role of ['Technician', 'SubContractor']) {
      expect(can(v(role, 'noAccess'), 'customers.read')).toBe(false);
      expect(can(v(role, 'noAccess'), 'profile.self')).toBe(true);
      expect(can(v(role, 'noAccess'), 'lookups.read')).toBe(true);
    }
  });
  it('capabilitiesOf lists exactly what can() allows', () => {
    const viewer = v('Staff', 'onlyViewAccess');
    const caps = capabilitiesOf(viewer);
    expect(caps).toContain('customers.read');
    expect(caps).not.toContain('customers.write');
    for (const c of caps) expect(can(viewer, c)).toBe(true);
  });
});

describe('defaultAccessFor', () => {
  it('gives admins full, staff partial and field roles none', () => {
    expect(defaultAccessFor('Admin')).toBe('fullAccess');
    expect(defaultAccessFor('Staff')).toBe('partialAccess');
    expect(defaultAccessFor('Technician')).toBe('noAccess');
    expect(defaultAccessFor('SubContractor')).toBe('noAccess');
  });
});

describe('refusal words', () => {
  const as = (role: string, access: AccessLevel) => ({ role, access });
  it.each([
    ['a view-only user changing a job', as('Staff', 'onlyViewAccess'), 'jobs.write', FORBIDDEN_MESSAGES.viewOnly],
    ['a view-only user adding a cost', as('Staff', 'onlyViewAccess'), 'costs.write', FORBIDDEN_MESSAGES.viewOnly],
    ['a no-access user reading jobs', as('Staff', 'noAccess'), 'jobs.read', FORBIDDEN_MESSAGES.view],
    ['a technician creating a customer', as('Technician', 'noAccess'), 'customers.write', FORBIDDEN_MESSAGES.change],
    ['partial access inviting a user', as('Staff', 'partialAccess'), 'users.manage', FORBIDDEN_MESSAGES.adminOnly],
    ['a subcontractor reading task costs', as('SubContractor', 'noAccess'), 'costs.task', FORBIDDEN_MESSAGES.view],
  ] as const)('%s', (_label, viewer, capability, message) => {
    expect(can(viewer, capability)).toBe(false);
    expect(refusalFor(viewer, capability)).toBe(message);
  });
});

describe('workOrderAccessLabel', () => {
  it.each([
    ['Technician', 'noAccess', 'Field: own tasks'],
    ['Tech Access', 'fullAccess', 'Field: own tasks'],
    ['SubContractor', 'noAccess', 'Subcontractor: own tasks and bids'],
    ['Super Admin', 'noAccess', 'Full access'],
    ['Staff', 'partialAccess', 'Partial access'],
    ['Staff', 'onlyViewAccess', 'View only'],
    ['Staff', 'noAccess', 'No access'],
  ] as const)('%s with %s reads "%s"', (role, access, label) => {
    expect(workOrderAccessLabel({ role, access })).toBe(label);
  });
});
