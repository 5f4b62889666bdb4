import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { boundedValue, encodePart, hostileVariant, toJsonText, toQueryString, type JsonSchema } from './schema-arbitrary.ts';

const ID = '0b6f3c2e-7a51-4d2b-9c1e-2f4a5b6c7d8e';
const schema = z.strictObject({
  name: z.string().min(1).max(20),
  count: z.int().min(0).max(50),
  amount: z.number().min(0.5).max(99),
  kind: z.enum(['A', 'B']),
  on: z.iso.date().optional(),
  at: z.iso.datetime().nullable(),
  customerId: z.uuid(),
  tags: z.array(z.string().max(5)).max(3),
});
const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
const options = { idsFor: (field: string) => (field === 'customerId' ? [ID] : []) };

describe('schema arbitraries', () => {
  it('strict values pass the schema they came from, so valid-looking cases reach the services', () => {
    fc.assert(
      fc.property(boundedValue(json, { ...options, strict: true }), (v) => {
        expect(schema.safeParse(v).error).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('bounded values reach both sides of the bounds', () => {
    const results = fc.sample(boundedValue(json, options), 400).map((v) => schema.safeParse(v).success);
    expect(results).toContain(true);
    expect(results).toContain(false);
  });

  it('hostile variants are refused, and keep `__proto__` as an own key', () => {
    const samples = fc.sample(hostileVariant(json, options), 300);
    expect(samples.filter((v) => schema.safeParse(v).success).length).toBeLessThan(30);
    expect(toJsonText(Object.fromEntries([['__proto__', { polluted: true }]]))).toBe('{"__proto__":{"polluted":true}}');
  });

  it('writes what JSON.stringify cannot: Infinity, -0, NaN, and lone surrogates in urls', () => {
    expect(toJsonText([Infinity, -Infinity, -0, Number.NaN, 'x\ud800'])).toBe('[1e999,-1e999,-0,NaN,"x\\ud800"]');
    expect(encodePart('a\ud800b😀')).toBe('a%ED%A0%80b%F0%9F%98%80');
    expect(toQueryString({ tags: ['a', 'b'], q: { x: 1 }, n: -0 })).toBe('tags=a&tags=b&q[x]=1&n=-0');
  });
});
