import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * The condition language of automation rules: a list of `field operator value` tests joined by
 * all/any. Data only — nothing is ever evaluated as code. Numbers (amounts, quantities) compare as
 * decimals, so "12.50" > "9.9" holds whatever the JSON type.
 */
export const CONDITION_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'in',
  'exists',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const fieldPath = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.tooLong')
  .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, 'validation.invalid');

const conditionValue = z.union([
  z.string().max(500, 'validation.tooLong'),
  z.number(),
  z.boolean(),
  z.null(),
]);

export const conditionSchema = z.object({
  field: fieldPath,
  op: z.enum(CONDITION_OPERATORS, 'validation.invalid'),
  value: z.union([conditionValue, z.array(conditionValue).max(50, 'validation.tooManyItems')]).optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

export const conditionsSchema = z.object({
  mode: z.enum(['all', 'any'], 'validation.invalid'),
  items: z.array(conditionSchema).max(20, 'validation.tooManyItems'),
});
export type Conditions = z.infer<typeof conditionsSchema>;

type Scalar = string | number | boolean | null;

/** Reads a dotted path from plain data; prototype members are never reached. */
export function readField(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function asDecimal(v: unknown): Decimal | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v) : null;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return new Decimal(v.trim());
  return null;
}

function equal(a: unknown, b: unknown): boolean {
  const da = asDecimal(a);
  const db = asDecimal(b);
  if (da && db) return da.eq(db);
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

function compare(a: unknown, b: unknown): number | null {
  const da = asDecimal(a);
  const db = asDecimal(b);
  if (da && db) return da.comparedTo(db);
  // ISO dates and other strings compare as text.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

export function testCondition(condition: Condition, data: unknown): boolean {
  const actual = readField(data, condition.field);
  const expected = condition.value as Scalar | Scalar[] | undefined;
  switch (condition.op) {
    case 'exists':
      return actual !== undefined && actual !== null && actual !== '';
    case 'eq':
      return equal(actual, expected);
    case 'neq':
      return !equal(actual, expected);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const c = compare(actual, expected);
      if (c === null) return false;
      return condition.op === 'gt'
        ? c > 0
        : condition.op === 'gte'
          ? c >= 0
          : condition.op === 'lt'
            ? c < 0
            : c <= 0;
    }
    case 'contains':
      if (Array.isArray(actual)) return actual.some((a) => equal(a, expected));
      return (
        typeof actual === 'string' &&
        typeof expected === 'string' &&
        actual.toLowerCase().includes(expected.toLowerCase())
      );
    case 'in':
      return Array.isArray(expected) && expected.some((e) => equal(actual, e));
  }
}

/** All (or any) conditions hold; an empty list always holds. */
export function evaluateConditions(conditions: Conditions, data: unknown): boolean {
  if (conditions.items.length === 0) return true;
  return conditions.mode === 'all'
    ? conditions.items.every((c) => testCondition(c, data))
    : conditions.items.some((c) => testCondition(c, data));
}
