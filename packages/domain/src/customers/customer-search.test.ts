import { describe, expect, it } from 'vitest';
import { customerSearchMatch } from './customers.schemas.ts';

describe('customerSearchMatch: what a customer search matched besides the name', () => {
  const smith = {
    name: 'Smith Family',
    email: 'ops@smith.test',
    phone: '555-0100',
    contacts: [{ name: 'Ana Garcia' }],
    addresses: [{ fullAddress: '12 Garden Ln, Springfield' }],
  };
  it.each([
    ['Garcia', 'matches contact Ana Garcia'],
    ['smith', null],
    ['ops@', 'matches email ops@smith.test'],
    ['0100', 'matches phone 555-0100'],
    ['garden', 'matches address 12 Garden Ln, Springfield'],
    ['', null],
  ])('%j → %s', (search, expected) => {
    expect(customerSearchMatch(smith, search)).toBe(expected);
  });
});
