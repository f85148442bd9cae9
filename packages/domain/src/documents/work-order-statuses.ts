/**
 * The states of a work order, on their own so that a screen that only names them (the dashboard)
 * does not load the document lifecycles of `status.ts` with them.
 */
export const WORK_ORDER_STATUSES = ['draft', 'planned', 'in_progress', 'completed', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
