import { z } from 'zod';
import { conditionsSchema } from './conditions.ts';

/** The events rules react to (written to the outbox in the transaction of the change). */
export const AUTOMATION_TRIGGERS = [
  'quote.accepted',
  'work_order.completed',
  'stock.below_reorder_point',
  'delivery_note.issued',
  'invoice.overdue',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

export const AUTOMATION_ACTIONS = [
  'create_work_order',
  'create_purchase_order',
  'create_delivery_note',
  'notify',
  'webhook',
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTIONS)[number];

/** Which actions make sense for which trigger (the record an action starts from). */
export const ACTIONS_FOR_TRIGGER: Record<AutomationTrigger, readonly AutomationActionType[]> = {
  'quote.accepted': ['create_work_order', 'notify', 'webhook'],
  'work_order.completed': ['create_delivery_note', 'notify', 'webhook'],
  'stock.below_reorder_point': ['create_purchase_order', 'notify', 'webhook'],
  'delivery_note.issued': ['notify', 'webhook'],
  'invoice.overdue': ['notify', 'webhook'],
};

/** Fields of each event's data that conditions can test (and example values for a sample event). */
export const EVENT_FIELDS: Record<AutomationTrigger, Record<string, string | number>> = {
  'quote.accepted': {
    number: 'P-2026-0001',
    clientId: '',
    clientName: 'Staklo d.o.o.',
    total: '1250.00',
    currency: 'EUR',
  },
  'work_order.completed': { number: 'RN-2026-0001', clientId: '', clientName: 'Staklo d.o.o.', quoteId: '' },
  'stock.below_reorder_point': {
    sku: 'FLOAT-4',
    name: 'Float staklo 4 mm',
    onHand: '12.0000',
    reorderPoint: '20.0000',
    reorderQty: '100.0000',
  },
  'delivery_note.issued': {
    number: 'OT-2026-0001',
    clientId: '',
    clientName: 'Staklo d.o.o.',
    total: '1250.00',
  },
  'invoice.overdue': {
    number: '1-P1-1',
    clientId: '',
    clientName: 'Staklo d.o.o.',
    total: '1250.00',
    dueDate: '2026-01-31',
    daysOverdue: 5,
  },
};

const webhookUrl = z
  .string()
  .trim()
  .max(2000, 'validation.tooLong')
  .regex(/^https?:\/\/[^\s]+$/i, 'validation.urlInvalid');

export const automationActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('create_work_order') }),
  z.object({ type: z.literal('create_purchase_order') }),
  z.object({ type: z.literal('create_delivery_note') }),
  z.object({
    type: z.literal('notify'),
    title: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    body: z.string().trim().max(1000, 'validation.tooLong').default(''),
  }),
  z.object({ type: z.literal('webhook'), url: webhookUrl }),
]);
export type AutomationAction = z.infer<typeof automationActionSchema>;

export const automationRuleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    trigger: z.enum(AUTOMATION_TRIGGERS, 'validation.invalid'),
    conditions: conditionsSchema.default({ mode: 'all', items: [] }),
    actions: z.array(automationActionSchema).min(1, 'validation.required').max(10, 'validation.tooManyItems'),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    rule.actions.forEach((action, i) => {
      if (!ACTIONS_FOR_TRIGGER[rule.trigger].includes(action.type))
        ctx.addIssue({ code: 'custom', path: ['actions', i, 'type'], message: 'validation.invalid' });
    });
  });
export type AutomationRuleInput = z.input<typeof automationRuleInputSchema>;
export type AutomationRule = z.output<typeof automationRuleInputSchema>;

/** Placeholders `{{field}}` in notification texts are filled from the event's data (text only). */
export function fillTemplate(template: string, data: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, key: string) => {
    const v = Object.hasOwn(data, key) ? data[key] : undefined;
    return v === undefined || v === null ? '' : String(v);
  });
}
