import type {
  ActionResult,
  AutomationAction,
  AutomationEvent,
  AutomationRuleInput,
  AutomationRuleRow,
  AutomationRun,
  AutomationTrigger,
  CreatedRule,
  Notification,
  NotificationList,
  RunsPage,
  TestRunResult,
  Unread,
  WebhookSecret,
} from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire shapes of /api/automation and /api/notifications: the domain's contracts.
export type {
  ActionResult,
  AutomationEvent,
  AutomationRuleRow as Rule,
  AutomationRun as Run,
  Notification,
  RunsPage,
  TestRunResult,
};
export type RuleAction = AutomationAction;

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
    queryFn: ({ signal }) => api<AutomationRuleRow[]>('/api/automation/rules', { signal }),
  });
}

export function useRule(id: string | undefined) {
  return useQuery({
    queryKey: automationKeys.rule(id ?? ''),
    queryFn: ({ signal }) => api<AutomationRuleRow>(`/api/automation/rules/${id}`, { signal }),
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
        ? api<AutomationRuleRow>(`/api/automation/rules/${id}`, { method: 'PUT', body }).then((rule) => ({
            rule,
            webhook_secret: null as string | null,
          }))
        : api<CreatedRule>('/api/automation/rules', {
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
      api<AutomationRuleRow>(`/api/automation/rules/${id}/enabled`, { method: 'POST', body: { enabled } }),
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
    mutationFn: () => api<WebhookSecret>(`/api/automation/rules/${id}/secret`, { method: 'POST' }),
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
    queryFn: ({ signal }) => api<NotificationList>('/api/notifications?limit=20', { signal }),
    enabled: Boolean(companyId),
  });
}

export function useMarkRead(companyId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      api<Unread>(id ? `/api/notifications/${id}/read` : '/api/notifications/read-all', {
        method: 'POST',
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: automationKeys.notifications(companyId) }),
  });
}

/** New notifications arrive over `company:<id>:notifications`; the bell re-reads its count. */
export function useLiveNotifications(): void {
  useCompanyLive(['notifications'], (companyId) => [automationKeys.notifications(companyId)]);
}
