import { describe, expect, it } from 'vitest';
import { signupBody, loginBody } from '../access/auth.schemas.ts';
import { createCustomerBody } from '../customers/customers.schemas.ts';
import { pageQuery, idListQuery, pageMeta, pagination } from './common.schemas.ts';
import { z } from 'zod';
import { isValidTimeZone } from '../time/time-zones.rules.ts';
import { AppError, ERROR_STATUS, errorText } from './errors.schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.error?.issues ?? []).map((i) => i.message);

describe('signup body', () => {
  const valid = { companyName: 'Acme', timeZone: 'Asia/Kolkata', name: 'Ann', email: 'Ann@Example.COM ', password: 'long-enough-pw' };
  it('normalises email and accepts a valid body', () => {
    const r = signupBody.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('ann@example.com');
  });
  it('names each invalid field', () => {
    const r = signupBody.safeParse({ ...valid, companyName: ' ', timeZone: 'Mars/Base', email: 'nope', password: 'short' });
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        'Company Name is mandatory.',
        'Time zone must be a valid IANA time zone, like America/New_York.',
        'Email must be a valid email address.',
        'Password must be at least 10 characters.',
      ]),
    );
  });
  it('rejects unknown properties', () => {
    expect(signupBody.safeParse({ ...valid, role: 'Admin' }).success).toBe(false);
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'x', tenantId: 'y' }).success).toBe(false);
  });
});

describe('customer body', () => {
  it('requires an account name and at least one address', () => {
    const r = createCustomerBody.safeParse({ name: '', customerAddress: [] });
    expect(messages(r)).toEqual(expect.arrayContaining(['Account Name is mandatory.', 'At least one address is required.']));
  });
  it('turns empty optional email into null and defaults billing to false', () => {
    const r = createCustomerBody.parse({
      name: 'Bob',
      email: '',
      customerAddress: [{ addressLine1: '1 Main', fullAddress: '1 Main, Town' }],
      contacts: [{ name: 'Bob' }],
    });
    expect(r.email).toBeNull();
    expect(r.contacts[0]?.isBilling).toBe(false);
  });
  it('names an invalid tag id', () => {
    const r = createCustomerBody.safeParse({ name: 'Bob', customerAddress: [{ addressLine1: 'a', fullAddress: 'b' }], tags: [{ id: 'x' }] });
    expect(messages(r)).toContain('Tag ID must be a valid UUID.');
  });
});

describe('paging', () => {
  const q = z.object(pageQuery);
  it('defaults to page 1, limit 10 and caps the limit at 100', () => {
    expect(q.parse({})).toEqual({ page: 1, limit: 10 });
    expect(q.safeParse({ limit: '101' }).success).toBe(false);
    expect(q.safeParse({ page: '0' }).success).toBe(false);
  });
  it('computes meta and pagination shapes', () => {
    expect(pageMeta(21, 2, 10)).toEqual({ total: 21, totalPages: 3, page: 2, limit: 10 });
    expect(pagination(0, 1, 10)).toEqual({ totalItems: 0, totalPages: 0, currentPage: 1, itemsPerPage: 10 });
  });
  it('reads id lists repeated or comma separated', () => {
    const s = idListQuery('Zone ID');
    const a = '5b1f6f0e-7a0b-4a51-9a55-0a3c8e8d3f11';
    const b = '6c2f6f0e-7a0b-4a51-9a55-0a3c8e8d3f12';
    expect(s.parse(`${a},${b}`)).toEqual([a, b]);
    expect(s.parse([a, b])).toEqual([a, b]);
    expect(s.safeParse('nope').success).toBe(false);
  });
});

describe('time zones and errors', () => {
  it('validates IANA zones', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Nowhere/Land')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
  it('maps every error code to a 4xx/5xx status and renders bodies', () => {
    for (const status of Object.values(ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
    const e = new AppError('VALIDATION_FAILED', ['Job Name is mandatory.']);
    expect(e.toBody()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: ['Job Name is mandatory.'] });
    expect(errorText(e.toBody(), 'x')).toBe('Job Name is mandatory.');
    expect(errorText({}, 'fallback')).toBe('fallback');
  });
});

describe('customer search text', () => {
  it('lowercases name, email, phone, contact names and addresses into one searchable text', async () => {
    const { customerSearchText } = await import('../customers/customers.schemas.ts');
    const text = customerSearchText({
      name: 'Garcia Realty',
      email: 'Office@Garcia.example',
      phone: '+1 555 0100',
      contacts: [{ name: 'Pat ONeil' }],
      addresses: [{ addressLine1: '12 Elm St', fullAddress: '12 Elm St, Springfield' }],
    });
    for (const part of ['garcia realty', 'office@garcia.example', '+1 555 0100', 'pat oneil', '12 elm st, springfield']) expect(text).toContain(part);
    expect(customerSearchText({ name: 'Solo', email: null })).toBe('solo');
  });
});
