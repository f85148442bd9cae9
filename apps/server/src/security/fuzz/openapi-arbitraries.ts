import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger emits it) the generator understands. */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
};

/** Values that have broken parsers, databases and number handling somewhere. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' or 1=1 --",
  '"; drop table tenants; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\ud83d\ude00 Čćžšđ',
  '\ud800',
  'x'.repeat(5000),
  '9'.repeat(400),
  '-0',
  '1e309',
  'NaN',
  '0x1f',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2024-02-30',
  '9999-12-31T23:59:59Z',
  '{"$gt":""}',
  'null',
  'true',
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  -0.5,
  0.1 + 0.2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e308,
  -1e308,
  1e-320,
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [null], { '': null }, { __proto__: { polluted: true } }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 200);
  const sized = fc.string({ minLength: Math.min(min, max), maxLength: Math.max(min, max), unit: 'grapheme' });
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
    default:
      if (schema.pattern) return fromPattern(schema.pattern, sized);
      return sized;
  }
}

/** Strings matching the schema's pattern (zod's decimals, dates, codes), with a few free ones. */
function fromPattern(pattern: string, free: fc.Arbitrary<string>): fc.Arbitrary<string> {
  let matching: fc.Arbitrary<string>;
  try {
    matching = fc.stringMatching(new RegExp(pattern), { size: 'small' });
  } catch {
    return free;
  }
  const looksLikeDate = pattern.includes('\\d{4}-\\d{2}-\\d{2}');
  const date = fc
    .date({ min: new Date('1990-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  return fc.oneof(
    ...(looksLikeDate ? [{ weight: 6, arbitrary: date }] : []),
    { weight: 3, arbitrary: matching },
    { weight: 2, arbitrary: fc.constantFrom('1', '12.50', '0.001', '100') },
    { weight: 1, arbitrary: free },
  );
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum
        : -1_000_000;
  const hi =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum
        : 1_000_000;
  const inRange = integer
    ? fc.integer({ min: Math.max(Math.ceil(lo), -(2 ** 31)), max: Math.min(Math.floor(hi), 2 ** 31) })
    : fc.double({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9), noNaN: true });
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi, lo - 1, hi + 1, 0) },
  );
}

/**
 * Values shaped by the schema (valid often enough to reach the handler and the database), with a
 * share of hostile values anywhere in the tree (to test validation and error handling).
 */
export function fromSchema(
  schema: JsonSchema | undefined,
  depth = 0,
  hostileWeight = 1,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileValue;
  const shaped = shapedFrom(schema, depth, hostileWeight);
  return hostileWeight > 0
    ? fc.oneof({ weight: 8, arbitrary: shaped }, { weight: hostileWeight, arbitrary: hostileValue })
    : shaped;
}

function shapedFrom(schema: JsonSchema, depth: number, hostileWeight: number): fc.Arbitrary<unknown> {
  const withNull = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.oneof(a, fc.constant(null)) : a);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return withNull(fc.constantFrom(...schema.enum));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return withNull(fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1, hostileWeight))));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf), depth + 1, hostileWeight);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const arbitraries = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(schema);
      case 'integer':
        return numberFor(schema, true);
      case 'number':
        return numberFor(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(fromSchema(schema.items, depth + 1, hostileWeight), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
        });
      case 'object':
        return objectFrom(schema, depth, hostileWeight);
      default:
        return hostileValue;
    }
  });
  if (arbitraries.length === 0)
    return schema.properties ? objectFrom(schema, depth, hostileWeight) : hostileValue;
  return withNull(
    arbitraries.length === 1 ? (arbitraries[0] as fc.Arbitrary<unknown>) : fc.oneof(...arbitraries),
  );
}

function objectFrom(schema: JsonSchema, depth: number, hostileWeight: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties))
    model[key] = fromSchema(value, depth + 1, hostileWeight);
  const required = (schema.required ?? []).filter((k) => k in model);
  const base = fc.record(model, { requiredKeys: required });
  if (hostileWeight === 0) return base;
  // Now and then an unknown key too (strict schemas must refuse it, others must ignore it).
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), hostileValue) },
  );
  return fc
    .tuple(base, extra)
    .map(([object, more]) => (more ? { ...(object as object), [more[0]]: more[1] } : object));
}
