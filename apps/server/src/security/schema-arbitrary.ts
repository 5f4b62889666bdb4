import fc from 'fast-check';

/** The part of JSON Schema that `z.toJSONSchema` emits for our request schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type ArbitraryOptions = {
  /** Real ids for a uuid field of this name: the company's own records, so valid-looking cases reach the services. */
  idsFor: (field: string) => readonly string[];
  /** Only values inside the bounds (at them, or between): cases that should pass validation and reach the services. */
  strict?: boolean;
  /** Ids for text fields that name records without a uuid format (`tags=` in a query string). */
  textIds?: (field: string) => readonly string[];
};

/** Beyond two levels arrays stay short: 200 lines × 100 tags × 500 characters would only test the body limit. */
const NESTED_ARRAY_CAP = 3;
const TOP_ARRAY_CAP = 250;

const text = (length: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: length, maxLength: length }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: length, maxLength: length }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: length, maxLength: length }) },
  );

/** Lengths at and around the bounds: min, max, max+1, min-1, empty, and anything between. */
function boundedLength(min: number, max: number | undefined, strict = false): fc.Arbitrary<number> {
  if (strict) return fc.oneof(fc.constantFrom(...[min, max ?? min + 20]), fc.integer({ min, max: Math.max(min, Math.min(max ?? 30, min + 30)) }));
  const top = max ?? 300;
  const edges = [min, top, top + 1, Math.max(0, min - 1), 0, 1].filter((n) => n >= 0);
  return fc.oneof(fc.constantFrom(...edges), fc.integer({ min, max: Math.max(min, top) }));
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const dateArb = fc.oneof(
  fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }).map(isoDate),
  fc.constantFrom('2026-02-28', '2028-02-29', '2026-02-29', '0001-01-01', '9999-12-31', '1970-01-01', '2026-12-31'),
);
const strictDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map(isoDate);
const strictDateTime = fc.integer({ min: -60, max: 60 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString());
const dateTimeArb = fc.oneof(
  fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.integer({ min: -400, max: 400 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString()),
  fc.constantFrom(
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '2026-11-22T10:00:00+14:00',
    '2026-03-29T01:30:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:00:00-14:00',
    '0001-01-01T00:30:00+01:00',
  ),
);

function stringArb(schema: JsonSchema, field: string, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') {
    const ids = options.idsFor(field);
    const random = fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'));
    return ids.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: random }) : random;
  }
  if (schema.format === 'date') return options.strict ? strictDate : dateArb;
  if (schema.format === 'date-time') return options.strict ? strictDateTime : dateTimeArb;
  if (schema.format === 'email')
    return fc.oneof(
      fc.emailAddress(),
      boundedLength(schema.minLength ?? 0, schema.maxLength).map((n) => `${'a'.repeat(Math.max(1, n - 7))}@ex.com`),
    );
  if (options.strict) {
    // Field names that promise a shape the JSON Schema does not spell out (custom refinements).
    const named = options.textIds?.(field) ?? [];
    if (named.length) return fc.constantFrom(...named);
    if (/email/i.test(field)) return fc.string({ unit: fc.constantFrom(...'abcxyz019'), minLength: 1, maxLength: 30 }).map((v) => `${v}@example.com`);
    if (/url$/i.test(field)) return fc.constant('https://example.com/pay');
  }
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength ?? 40 })
      .filter((v) => !options.strict || v.length <= (schema.maxLength ?? Infinity));
  const length = boundedLength(schema.minLength ?? 0, schema.maxLength, options.strict);
  // Strict text is letters: blanks and control characters fail the trims and refinements, which the other modes cover.
  return options.strict
    ? length.chain((n) => fc.string({ unit: fc.constantFrom(...'abcdefgh XYZ'), minLength: n, maxLength: n }).map((v) => (n ? 'a' + v.slice(1) : v)))
    : length.chain(text);
}

function numberArb(schema: JsonSchema, integer: boolean, strict = false): fc.Arbitrary<number> {
  const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : undefined);
  const hi = schema.maximum ?? schema.exclusiveMaximum;
  const edges = [0, -1, 1, -0, 1e15, -1e15, 2 ** 53, 1e308, 0.5, -0.5, 0.1 + 0.2];
  if (lo !== undefined) edges.push(lo, lo - 1, lo + 1, lo - 0.5);
  if (hi !== undefined) edges.push(hi, hi + 1, hi - 1, hi + 0.5);
  const inRange = integer
    ? fc.integer({ min: Math.max(lo ?? -1e9, Number.MIN_SAFE_INTEGER), max: Math.min(hi ?? 1e9, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: lo ?? -1e9, max: hi ?? 1e9, noNaN: true, noDefaultInfinity: true });
  if (strict) {
    const inside = [lo, hi, 0, 1, 0.5, 10].filter(
      (n): n is number => n !== undefined && (!integer || Number.isInteger(n)) && n >= (lo ?? -Infinity) && n <= (hi ?? Infinity),
    );
    const small = integer
      ? fc.integer({ min: Math.max(lo ?? 0, 0), max: Math.max(lo ?? 0, Math.min(hi ?? 1000, 1000)) })
      : fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100);
    return fc.oneof(
      fc.constantFrom(...(inside.length ? inside : [lo ?? 0])),
      small.filter((n) => n >= (lo ?? -Infinity) && n <= (hi ?? Infinity) && n !== schema.exclusiveMinimum),
    );
  }
  return fc.oneof(fc.constantFrom(...edges), inRange);
}

/** Values of the schema's shape with their sizes, lengths and numbers biased to the bounds (some just outside). */
export function boundedValue(schema: JsonSchema, options: ArbitraryOptions, field = '', depth = 0): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => boundedValue(b, options, field, depth)));
  if (schema.allOf?.length) return boundedValue(schema.allOf[0]!, options, field, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => boundedValue({ ...schema, type }, options, field, depth)));
  switch (types[0]) {
    case 'string':
      return stringArb(schema, field, options);
    case 'integer':
      return numberArb(schema, true, options.strict);
    case 'number':
      return numberArb(schema, false, options.strict);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const cap = depth < 2 ? TOP_ARRAY_CAP : NESTED_ARRAY_CAP;
      const min = schema.minItems ?? 0;
      const length = boundedLength(min, options.strict ? Math.min(schema.maxItems ?? 3, Math.max(min, 3)) : schema.maxItems, options.strict).map((n) =>
        Math.min(n, cap),
      );
      const item = boundedValue(schema.items ?? {}, options, field, depth + 1);
      // Strict lists hold distinct items: "each assistant only once" and the like are refinements, not bounds.
      return length.chain((n) =>
        options.strict ? fc.uniqueArray(item, { minLength: Math.min(min, 1), maxLength: n }) : fc.array(item, { minLength: n, maxLength: n }),
      );
    }
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, boundedValue(s, options, key, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const LONG = 'x'.repeat(200_000);
/** Strings that have broken servers before: NUL, lone surrogates, numbers' names, injections, very long text. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u202e',
    '%00',
    "' OR 1=1 --",
    '"; DROP TABLE jobs; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '1e309',
    '0x10',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '😀'.repeat(300),
    LONG,
    '2026-02-30',
    '9999-99-99T99:99:99Z',
    '00000000-0000-0000-0000-000000000000',
    '\\',
    '%',
    'a%ZZb',
    ' leading',
    'trailing ',
    '\r\n',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);
const specialNumber = fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324);
const pollution = fc.constantFrom(
  Object.fromEntries([['__proto__', { polluted: true }]]),
  { constructor: { prototype: { polluted: true } } },
  Object.fromEntries([
    ['__proto__', { polluted: true }],
    ['prototype', { polluted: true }],
  ]),
);
/** A value of any type, for wrong-type cases. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  specialNumber,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  pollution,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Nesting written out only as text: thousands of levels would overflow any recursive walk on this side. */
class Deep {
  readonly #depth: number;
  readonly #asArray: boolean;
  constructor(depth: number, asArray: boolean) {
    this.#depth = depth;
    this.#asArray = asArray;
  }
  toJsonText(): string {
    return this.#asArray ? '['.repeat(this.#depth) + '1' + ']'.repeat(this.#depth) : '{"a":'.repeat(this.#depth) + '1' + '}'.repeat(this.#depth);
  }
}

const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'replace', 'addKey', 'deep', 'drop', 'grow'),
  key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'tenantId', 'id', 'hasOwnProperty', 'toString'), fc.string({ maxLength: 12 })),
  value: hostileValue,
  depth: fc.oneof(fc.integer({ min: 50, max: 120 }), fc.constant(5000)),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

type Slot = { get: () => unknown; set: (v: unknown) => void };
function slots(root: { v: unknown }): Slot[] {
  const out: Slot[] = [{ get: () => root.v, set: (v) => (root.v = v) }];
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const key of Object.keys(value)) {
      const holder = value as Record<string, unknown>;
      out.push({ get: () => holder[key], set: (v) => Object.defineProperty(holder, key, { value: v, enumerable: true, writable: true, configurable: true }) });
      visit(holder[key]);
    }
  };
  visit(root.v);
  return out;
}

function applyMutation(root: { v: unknown }, mutation: Mutation): void {
  // A copy: fast-check hands out the same constant objects again, and adding one to itself would make a cycle.
  const m = { ...mutation, value: structuredCloneSafe(mutation.value) };
  const all = slots(root);
  const slot = all[m.at % all.length]!;
  const current = slot.get();
  if (m.kind === 'addKey' && current !== null && typeof current === 'object' && !Array.isArray(current)) {
    Object.defineProperty(current, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  } else if (m.kind === 'drop' && current !== null && typeof current === 'object') {
    const keys = Object.keys(current);
    if (keys.length) delete (current as Record<string, unknown>)[keys[m.at % keys.length]!];
  } else if (m.kind === 'grow' && Array.isArray(current)) {
    slot.set([...current, ...Array.from({ length: 1 + (m.at % 300) }, () => current[0] ?? m.value)]);
  } else if (m.kind === 'grow' && typeof current === 'string') {
    slot.set(current + LONG.slice(0, 1000 + (m.at % 150_000)));
  } else if (m.kind === 'deep') {
    slot.set(new Deep(m.depth, m.at % 2 === 0));
  } else {
    slot.set(m.value);
  }
}

/** A bounded value with one to three hostile changes: wrong types, extra or polluting keys, deep nesting, dropped keys. */
export function hostileVariant(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc.tuple(boundedValue(schema, options), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, mutations]) => {
    const root = { v: structuredCloneSafe(value) };
    for (const m of mutations) applyMutation(root, m);
    return root.v;
  });
}

/**
 * Half valid-looking (inside the bounds, or at and just past them), half hostile: what the fuzz suite sends for
 * one part of a request.
 */
export function requestValue(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: boundedValue(schema, { ...options, strict: true }) },
    { weight: 1, arbitrary: boundedValue(schema, options) },
    { weight: 2, arbitrary: hostileVariant(schema, options) },
  );
}

/** fast-check may reuse a generated value across shrinks: mutate a copy, keeping own `__proto__` keys. */
function structuredCloneSafe(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Deep) return value;
  if (Array.isArray(value)) return value.map(structuredCloneSafe);
  const out = {};
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, k, { value: structuredCloneSafe(v), enumerable: true, writable: true, configurable: true });
  return out;
}

/** JSON text that JSON.stringify cannot write: Infinity as 1e999 (parses back to Infinity), -0, and a bare NaN (invalid JSON). */
export function toJsonText(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return '1e999';
    if (value === -Infinity) return '-1e999';
    if (Object.is(value, -0)) return '-0';
    return String(value);
  }
  if (value instanceof Deep) return value.toJsonText();
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encoding that survives lone surrogates (encodeURIComponent throws on them): they go as raw bytes. */
export function encodePart(value: string): string {
  return value.replace(/[^]/gu, (ch) => (/[\ud800-\udfff]/u.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)));
}

function queryScalar(value: unknown): string {
  if (typeof value === 'string') return encodePart(value);
  if (value instanceof Deep) return encodePart(value.toJsonText());
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return encodePart(toJsonText(value));
  return String(value);
}

/** A query string from a generated value: arrays as repeated keys, nested objects as `key[sub]=`, anything else raw. */
export function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Deep) return value === undefined ? '' : queryScalar(value);
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const k = encodePart(key);
    if (Array.isArray(v)) for (const item of v) parts.push(`${k}=${queryScalar(item)}`);
    else if (v !== null && typeof v === 'object') for (const [sub, sv] of Object.entries(v)) parts.push(`${k}[${encodePart(sub)}]=${queryScalar(sv)}`);
    else parts.push(`${k}=${queryScalar(v)}`);
  }
  return parts.join('&');
}
