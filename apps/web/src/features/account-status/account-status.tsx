import type { AccountStatus, TenantProfile } from '@erp/domain/tenants/tenant.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { realtime } from '../../lib/realtime.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { tenantKeys, useTenant } from '../tenant/tenant-api.ts';

type AccountStatusValue = { status: AccountStatus; ready: boolean };

const AccountStatusContext = createContext<AccountStatusValue>({ status: 'active', ready: true });

/**
 * Seed section 7: only the values 'active' and 'blocked' are ever applied. Listed here rather than
 * imported at runtime: the domain module also holds the zod schemas, which the first screen does not need.
 */
const APPLIED_STATUSES: readonly AccountStatus[] = ['active', 'blocked'];

export function parseAccountStatus(payload: unknown): AccountStatus | null {
  const value = (payload as { account_status?: unknown } | null)?.account_status;
  return APPLIED_STATUSES.includes(value as AccountStatus) ? (value as AccountStatus) : null;
}

function statusFromProfile(profile: TenantProfile | undefined, error: unknown): AccountStatus | null {
  if (error instanceof ApiError && error.code === 'ACCOUNT_BLOCKED') return 'blocked';
  if (profile) return profile.account_status === 'blocked' ? 'blocked' : 'active';
  // Seed: a missing profile counts as active.
  return error ? 'active' : null;
}

/**
 * The account status is read once with the profile and then follows the live subscription
 * `account-status:{userId}`; after a reconnect the profile is read again in case an event was missed.
 */
export function AccountStatusProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const tenant = useTenant();
  const initial = statusFromProfile(tenant.data, tenant.error);
  const [live, setLive] = useState<AccountStatus | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    const off = realtime.subscribe(`account-status:${userId}`, (payload) => {
      const next = parseAccountStatus(payload);
      if (!next) return;
      setLive(next);
      client.setQueryData<TenantProfile>(tenantKeys.me, (p) => (p ? { ...p, account_status: next } : p));
      // Data read while blocked was refused; read it again once the account is active.
      if (next === 'active') void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'tenant' });
    });
    const offOpen = realtime.onOpen(() => {
      setLive(null);
      void client.invalidateQueries({ queryKey: tenantKeys.me });
    });
    return () => {
      off();
      offOpen();
    };
  }, [userId, client]);

  const status = live ?? initial ?? 'active';
  return (
    <AccountStatusContext.Provider value={{ status, ready: live !== null || initial !== null }}>
      {children}
    </AccountStatusContext.Provider>
  );
}

export function useAccountStatus(): AccountStatusValue {
  return useContext(AccountStatusContext);
}
