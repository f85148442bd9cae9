import { describe, expect, it } from 'vitest';
import { conditionsSchema, evaluateConditions, readField, testCondition } from './conditions.ts';
import { automationRuleInputSchema, fillTemplate } from './rules.ts';

const event = {
  number: 'P-2026-0007',
  total: '1250.50',
  clientName: 'Staklo Horvat d.o.o.',
  daysOverdue: 12,
  tags: ['hitno', 'izvoz'],
  client: { city: 'Zagreb' },
  empty: '',
};

describe('conditions', () => {
  it('compares amounts as decimals, not as text or floats', () => {
    expect(testCondition({ field: 'total', op: 'gt', value: '999.99' }, event)).toBe(true);
    // As text "1250.50" < "9" would hold; as numbers it must not.
    expect(testCondition({ field: 'total', op: 'lt', value: '9' }, event)).toBe(false);
    expect(testCondition({ field: 'total', op: 'eq', value: 1250.5 }, event)).toBe(true);
    expect(testCondition({ field: 'total', op: 'gte', value: '1250.50' }, event)).toBe(true);
    expect(testCondition({ field: 'total', op: 'lte', value: '1250.49' }, event)).toBe(false);
    expect(testCondition({ field: 'daysOverdue', op: 'gte', value: '10' }, event)).toBe(true);
  });

  it('matches text without regard to case, and lists with contains/in', () => {
    expect(testCondition({ field: 'clientName', op: 'contains', value: 'horvat' }, event)).toBe(true);
    expect(testCondition({ field: 'clientName', op: 'eq', value: 'staklo horvat d.o.o.' }, event)).toBe(true);
    expect(testCondition({ field: 'clientName', op: 'neq', value: 'Drugi' }, event)).toBe(true);
    expect(testCondition({ field: 'tags', op: 'contains', value: 'izvoz' }, event)).toBe(true);
    expect(testCondition({ field: 'tags', op: 'contains', value: 'domaće' }, event)).toBe(false);
    expect(testCondition({ field: 'client.city', op: 'in', value: ['Split', 'Zagreb'] }, event)).toBe(true);
    expect(testCondition({ field: 'client.city', op: 'in', value: 'Zagreb' }, event)).toBe(false);
  });

  it('treats missing and empty fields as absent and never reaches prototype members', () => {
    expect(testCondition({ field: 'empty', op: 'exists' }, event)).toBe(false);
    expect(testCondition({ field: 'number', op: 'exists' }, event)).toBe(true);
    expect(testCondition({ field: 'missing.deep', op: 'exists' }, event)).toBe(false);
    expect(readField(event, 'constructor')).toBeUndefined();
    expect(readField(event, '__proto__')).toBeUndefined();
    expect(testCondition({ field: 'missing', op: 'gt', value: 1 }, event)).toBe(false);
  });

  it('joins with all or any; an empty list holds', () => {
    const a = { field: 'total', op: 'gt' as const, value: '1000' };
    const b = { field: 'clientName', op: 'contains' as const, value: 'Kovač' };
    expect(evaluateConditions({ mode: 'all', items: [a, b] }, event)).toBe(false);
    expect(evaluateConditions({ mode: 'any', items: [a, b] }, event)).toBe(true);
    expect(evaluateConditions({ mode: 'any', items: [] }, event)).toBe(true);
  });

  it('refuses field paths that are not plain names', () => {
    expect(
      conditionsSchema.safeParse({ mode: 'all', items: [{ field: 'a;drop', op: 'eq', value: 1 }] }).success,
    ).toBe(false);
    expect(
      conditionsSchema.safeParse({ mode: 'all', items: [{ field: 'a.b', op: 'nope', value: 1 }] }).success,
    ).toBe(false);
    expect(
      conditionsSchema.safeParse({
        mode: 'all',
        items: [{ field: 'client.city', op: 'eq', value: 'Zagreb' }],
      }).success,
    ).toBe(true);
  });
});

describe('rules', () => {
  it('refuses an action that does not fit the trigger', () => {
    const bad = automationRuleInputSchema.safeParse({
      name: 'x',
      trigger: 'invoice.overdue',
      actions: [{ type: 'create_work_order' }],
    });
    expect(bad.success).toBe(false);
    const good = automationRuleInputSchema.safeParse({
      name: 'x',
      trigger: 'quote.accepted',
      actions: [{ type: 'create_work_order' }, { type: 'webhook', url: 'https://hooks.example.hr/erp' }],
    });
    expect(good.success).toBe(true);
    expect(
      automationRuleInputSchema.safeParse({
        name: 'x',
        trigger: 'quote.accepted',
        actions: [{ type: 'webhook', url: 'ftp://x' }],
      }).success,
    ).toBe(false);
  });

  it('fills notification placeholders from the event data only', () => {
    expect(fillTemplate('Ponuda {{number}} prihvaćena ({{ total }} EUR){{missing}}', event)).toBe(
      'Ponuda P-2026-0007 prihvaćena (1250.50 EUR)',
    );
  });
});
