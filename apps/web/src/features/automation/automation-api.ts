import type { AutomationActionType, AutomationRuleInput, AutomationTrigger, Conditions } from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire shapes of /api/automation and /api/notifications.
export type RuleAction =
  | { type: 'create_work_order' | 'create_purchase_order' | 'create_delivery_note' }
  | { type: 'notify'; title: string; body?: string }
  | { type: 'webhook'; url: string };
export type Rule = {
  id: string;
  name: string;
  trigger: AutomationTrigger;
  conditions: Conditions;
  actions: RuleAction[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
  last_run_at: string | null;
  last_run_status: string | null;
};
export type ActionResult = {
  index: number;
  type: AutomationActionType;
  status: 'done' | 'failed' | 'skipped';
  entityType?: string;
  entityId?: string;
  detail?: string;
};
export type Run = {
  id: string;
  event_id: string;
  event_type: AutomationTrigger;
  event_data: Record<string, unknown>;
  entity_id: string | null;
  status: 'queued' | 'running' | 'done' | 'failed' | 'skipped';
  attempts: number;
  error: string | null;
  result: ActionResult[];
  created_at: string;
};
export type RunsPage = { items: Run[]; total: number; page: number; page_size: number };
export type AutomationEvent = {
  id: string;
  type: AutomationTrigger;
  entity_id: string | null;
  data: Record<string, unknown>;
  created_at: string;
};
export type TestRunResult = {
  event: {
    id: string | null;
    type: AutomationTrigger;
    entity_id: string | null;
    data: Record<string, unknown>;
  };
  sample: boolean;
  matches: boolean;
  conditions: { field: string; op: string; value: unknown; actual: unknown; holds: boolean }[];
  actions: {
    index: number;
    type: AutomationActionType;
    title?: string;
    body?: string;
    recipients?: number;
    url?: string;
    problem?: string | null;
    reference?: string | null;
  }[];
};
export type Notification = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
};

export const automationKeys = {
  all: ['automation'] as const,
  rules: () => ['automation', 'rules'] as const,
  rule: (id: string) => ['automation', 'rule', id] as const,
  runs: (id: string, page: number) => ['automation', 'runs', id, page] as const,
  events: (type: string) => ['automation', 'events', type] as const,
  notifications: (companyId: string) => ['notifications', companyId] as const,
};

export function useRules() {
  return useQuery({
    queryKey: automationKeys.rules(),
    queryFn: ({ signal }) => api<Rule[]>('/api/automation/rules', { signal }),
  });
}

export function useRule(id: string | undefined) {
  return useQuery({
    queryKey: automationKeys.rule(id ?? ''),
    queryFn: ({ signal }) => api<Rule>(`/api/automation/rules/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useRuns(id: string, page: number) {
  return useQuery({
    queryKey: automationKeys.runs(id, page),
    queryFn: ({ signal }) =>
      api<RunsPage>(`/api/automation/rules/${id}/runs?page=${page}&page_size=20`, { signal }),
    placeholderData: keepPreviousData,
    // The log fills in as the background jobs finish.
    refetchInterval: 5_000,
  });
}

export function useEvents(type: AutomationTrigger) {
  return useQuery({
    queryKey: automationKeys.events(type),
    queryFn: ({ signal }) =>
      api<AutomationEvent[]>(`/api/automation/events?type=${type}&limit=20`, { signal }),
  });
}

export function useSaveRule(id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AutomationRuleInput) =>
      id
        ? api<Rule>(`/api/automation/rules/${id}`, { method: 'PUT', body }).then((rule) => ({
            rule,
            webhook_secret: null as string | null,
          }))
        : api<{ rule: Rule; webhook_secret: string | null }>('/api/automation/rules', {
            method: 'POST',
            body,
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

export function useSetEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api<Rule>(`/api/automation/rules/${id}/enabled`, { method: 'POST', body: { enabled } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

export function useDeleteRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/automation/rules/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

export function useRotateSecret(id: string) {
  return useMutation({
    mutationFn: () =>
      api<{ webhook_secret: string }>(`/api/automation/rules/${id}/secret`, { method: 'POST' }),
  });
}

export function useTestRun() {
  return useMutation({
    mutationFn: (body: { rule: AutomationRuleInput; event_id: string | null }) =>
      api<TestRunResult>('/api/automation/test-run', { method: 'POST', body }),
  });
}

export function useNotifications(companyId: string) {
  return useQuery({
    queryKey: automationKeys.notifications(companyId),
    queryFn: ({ signal }) =>
      api<{ items: Notification[]; unread: number }>('/api/notifications?limit=20', { signal }),
    enabled: Boolean(companyId),
  });
}

export function useMarkRead(companyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      api<{ unread: number }>(id ? `/api/notifications/${id}/read` : '/api/notifications/read-all', {
        method: 'POST',
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: automationKeys.notifications(companyId) }),
  });
}

/** New notifications arrive over `company:<id>:notifications`; the bell re-reads its count. */
export function useLiveNotifications(): void {
  useCompanyLive(['notifications'], (companyId) => [automationKeys.notifications(companyId)]);
}
