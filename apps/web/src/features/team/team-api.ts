import type {
  ActivityEntry,
  CompanyDetails,
  CompanyUpdate,
  CreatedInvitation,
  Invitation,
  InvitationCreate,
  InvitationPreview,
  Member,
  MemberUpdate,
  MyCompany,
} from '@erp/domain/team/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { retryTransient } from '../tenant/tenant-api.ts';

export type Company = CompanyDetails;

/** Company-scoped keys carry the company id, so a switch never shows one company's data in another. */
export const teamKeys = {
  companies: ['team', 'companies'] as const,
  members: (companyId: string) => ['team', companyId, 'members'] as const,
  invitations: (companyId: string) => ['team', companyId, 'invitations'] as const,
  company: (companyId: string) => ['team', companyId, 'company'] as const,
  activity: (companyId: string, limit: number) => ['team', companyId, 'activity', limit] as const,
};

export function useMyCompanies(enabled = true) {
  return useQuery({
    queryKey: teamKeys.companies,
    queryFn: ({ signal }) => api<MyCompany[]>('/api/team/companies', { signal }),
    retry: retryTransient,
    enabled,
  });
}

export function useMembers(companyId: string) {
  return useQuery({
    queryKey: teamKeys.members(companyId),
    queryFn: ({ signal }) => api<Member[]>('/api/team/members', { signal }),
    retry: retryTransient,
  });
}

export function useInvitations(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitations(companyId),
    queryFn: ({ signal }) => api<Invitation[]>('/api/team/invitations', { signal }),
    retry: retryTransient,
    enabled,
  });
}

export function useCompany(companyId: string) {
  return useQuery({
    queryKey: teamKeys.company(companyId),
    queryFn: ({ signal }) => api<Company>('/api/company', { signal }),
    retry: retryTransient,
  });
}

/** Who did what in the current company (for the dashboard's recent activity). */
export function useRecentActivity(companyId: string, limit = 20) {
  return useQuery({
    queryKey: teamKeys.activity(companyId, limit),
    queryFn: ({ signal }) => api<ActivityEntry[]>(`/api/team/activity?limit=${limit}`, { signal }),
    retry: retryTransient,
  });
}

export type { CreatedInvitation };

export function useCreateInvitation(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreate) =>
      api<CreatedInvitation>('/api/team/invitations', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.invitations(companyId) }),
  });
}

export function useRevokeInvitation(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/team/invitations/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.invitations(companyId) }),
  });
}

export function useUpdateMember(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: MemberUpdate & { userId: string }) =>
      api<Member>(`/api/team/members/${userId}`, { method: 'PATCH', body }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.members(companyId) }),
  });
}

export function useRemoveMember(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>(`/api/team/members/${userId}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.members(companyId) }),
  });
}

export function useLeaveCompany() {
  return useMutation({ mutationFn: () => api<void>('/api/team/leave', { method: 'POST' }) });
}

export function useUpdateCompany(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdate) => api<Company>('/api/company', { method: 'PATCH', body }),
    onSuccess: (company) => {
      client.setQueryData(teamKeys.company(companyId), company);
      void client.invalidateQueries({ queryKey: teamKeys.companies });
    },
  });
}

export function lookupInvitation(token: string): Promise<InvitationPreview> {
  return api<InvitationPreview>('/api/invitations/lookup', { method: 'POST', body: { token } });
}

export function acceptInvitation(token: string): Promise<{ company_id: string; role: MyCompany['role'] }> {
  return api('/api/invitations/accept', { method: 'POST', body: { token } });
}
