import {
  type AutomationRuleInput,
  type AutomationTrigger,
  automationRuleInputSchema,
  type Condition,
  testRunBodySchema,
} from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import type { Rule, RuleAction } from './automation-api.ts';

// The rule editor's typed values and their way to the request body (rule-editor.tsx renders them).

export type Draft = {
  name: string;
  trigger: AutomationTrigger;
  mode: 'all' | 'any';
  conditions: { field: string; op: Condition['op']; value: string }[];
  actions: RuleAction[];
  enabled: boolean;
};

export const EMPTY: Draft = {
  name: '',
  trigger: 'quote.accepted',
  mode: 'all',
  conditions: [],
  actions: [],
  enabled: true,
};

export function fromRule(r: Rule): Draft {
  return {
    name: r.name,
    trigger: r.trigger,
    mode: r.conditions.mode,
    conditions: r.conditions.items.map((c) => ({
      field: c.field,
      op: c.op,
      value: Array.isArray(c.value) ? c.value.join(', ') : c.value == null ? '' : String(c.value),
    })),
    actions: r.actions,
    enabled: r.enabled,
  };
}

/** The form's text values become the wire's: lists for "in", nothing for "exists". */
export function toInput(d: Draft): AutomationRuleInput {
  return {
    name: d.name,
    trigger: d.trigger,
    enabled: d.enabled,
    conditions: {
      mode: d.mode,
      items: d.conditions.map((c) => ({
        field: c.field.trim(),
        op: c.op,
        value:
          c.op === 'exists'
            ? undefined
            : c.op === 'in'
              ? c.value
                  .split(',')
                  .map((v) => v.trim())
                  .filter(Boolean)
              : c.value,
      })),
    },
    actions: d.actions,
  };
}

/** The rule draft is checked as the create and replace routes check their body. */
export const ruleFormSchema = formSchema(toInput, automationRuleInputSchema);

/** The test run's one field: the stored event to try the rule on ('' = the trigger's sample). */
export type TestEventValues = { event_id: string };

/** The test run's body: the draft as it stands and the chosen event, checked as the test-run route does. */
export function testRunBody(draft: Draft, values: TestEventValues) {
  return { rule: toInput(draft), event_id: values.event_id || null };
}
export const testRunFormSchema = (draft: () => Draft) =>
  formSchema((v: TestEventValues) => testRunBody(draft(), v), testRunBodySchema);

/** The editor's label of a failed field (the body's path), or '' for the message alone. */
export function ruleFieldLabel(path: string): string {
  if (path === 'name' || path === 'rule.name') return 'editor.name';
  if (/^(rule\.)?actions\.\d+\.title$/.test(path)) return 'editor.notifyTitle';
  if (/^(rule\.)?actions\.\d+\.url$/.test(path)) return 'editor.webhookUrl';
  if (/^(rule\.)?actions(\.\d+\.type)?$/.test(path)) return 'editor.actions';
  if (/^(rule\.)?conditions\.items\.\d+\.field$/.test(path)) return 'editor.field';
  if (/^(rule\.)?conditions\.items\.\d+\.value$/.test(path)) return 'editor.value';
  if (/^(rule\.)?conditions/.test(path)) return 'editor.conditions';
  return '';
}
