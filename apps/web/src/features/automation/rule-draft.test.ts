import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import {
  type Draft,
  EMPTY,
  ruleFieldLabel,
  ruleFormSchema,
  testRunFormSchema,
  toInput,
} from './rule-draft.ts';

const draft = (patch: Partial<Draft>): Draft => ({ ...EMPTY, ...patch });

describe('rule editor values → request body', () => {
  it('"in" becomes a list, "exists" has no value, fields are trimmed', () => {
    const body = toInput(
      draft({
        name: 'Velike ponude',
        conditions: [
          { field: ' client.city ', op: 'in', value: 'Zagreb, , Split ' },
          { field: 'number', op: 'exists', value: 'ignored' },
          { field: 'total', op: 'gt', value: '1000' },
        ],
        actions: [{ type: 'notify', title: 'T', body: '' }],
      }),
    );
    expect(body.conditions?.items).toEqual([
      { field: 'client.city', op: 'in', value: ['Zagreb', 'Split'] },
      { field: 'number', op: 'exists', value: undefined },
      { field: 'total', op: 'gt', value: '1000' },
    ]);
  });

  it('refuses a rule without a name or actions as the routes do', async () => {
    expect(await validateForm(ruleFormSchema, EMPTY)).toEqual([
      { path: 'name', message: 'validation.required' },
      { path: 'actions', message: 'validation.required' },
    ]);
  });

  it('refuses a notification without a title and a webhook that is no address', async () => {
    const issues = await validateForm(
      ruleFormSchema,
      draft({
        name: 'R',
        trigger: 'quote.accepted',
        actions: [
          { type: 'notify', title: ' ', body: '' },
          { type: 'webhook', url: 'ftp://x' },
        ],
      }),
    );
    expect(issues).toEqual([
      { path: 'actions.0.title', message: 'validation.required' },
      { path: 'actions.1.url', message: 'validation.urlInvalid' },
    ]);
  });

  it('a valid draft passes and its body is what the route stores', async () => {
    const d = draft({ name: ' R ', actions: [{ type: 'notify', title: 'Ponuda {{number}}', body: '' }] });
    expect(await validateForm(ruleFormSchema, d)).toEqual([]);
    expect(ruleFormSchema.parse(d)).toEqual({
      name: 'R',
      trigger: 'quote.accepted',
      enabled: true,
      conditions: { mode: 'all', items: [] },
      actions: [{ type: 'notify', title: 'Ponuda {{number}}', body: '' }],
    });
  });

  it('the test run checks the draft with the chosen event (empty = the sample)', async () => {
    const ok = draft({ name: 'R', actions: [{ type: 'create_work_order' }] });
    expect(testRunFormSchema(() => ok).parse({ event_id: '' })).toMatchObject({ event_id: null });
    expect(
      await validateForm(
        testRunFormSchema(() => EMPTY),
        { event_id: '' },
      ),
    ).toEqual([
      { path: 'rule.name', message: 'validation.required' },
      { path: 'rule.actions', message: 'validation.required' },
    ]);
    expect(
      await validateForm(
        testRunFormSchema(() => ok),
        { event_id: 'x' },
      ),
    ).toEqual([{ path: 'event_id', message: 'validation.invalid' }]);
  });

  it('names the field of a failure for the message list', () => {
    expect(ruleFieldLabel('rule.name')).toBe('editor.name');
    expect(ruleFieldLabel('actions.2.url')).toBe('editor.webhookUrl');
    expect(ruleFieldLabel('conditions.items.0.field')).toBe('editor.field');
    expect(ruleFieldLabel('event_id')).toBe('');
  });
});
