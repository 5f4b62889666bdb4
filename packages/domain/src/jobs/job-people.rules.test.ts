import { describe, expect, it } from 'vitest';
import { mayHoldJobRole } from './job-people.rules.ts';

describe('mayHoldJobRole', () => {
  it.each([
    ['Admin', 'fullAccess', true, true],
    ['Super Admin', 'noAccess', true, true],
    ['Staff', 'fullAccess', true, true],
    ['Staff', 'partialAccess', true, true],
    ['Staff', 'onlyViewAccess', false, false],
    ['Staff', 'noAccess', false, false],
    ['Technician', 'noAccess', true, false],
    ['Tech Access', 'partialAccess', true, false],
    ['technician', 'fullAccess', true, false],
    ['SubContractor', 'noAccess', false, false],
    ['SubContractor', 'fullAccess', false, false],
  ] as const)('%s with %s: job lead %s, sales manager %s', (role, access, lead, sales) => {
    expect(mayHoldJobRole({ role, access }, 'jobLead')).toBe(lead);
    expect(mayHoldJobRole({ role, access }, 'salesManager')).toBe(sales);
  });
});
