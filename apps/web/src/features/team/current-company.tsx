import type { Role } from '@erp/domain/permissions';
import type { MyCompany } from '@erp/domain/team/index';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { setApiCompany } from '../../lib/api.ts';
import { realtime } from '../../lib/realtime.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { chooseCompany, isCompanyIndependent, readStoredCompany, storeCompany } from './company-choice.ts';
import { useMyCompanies } from './team-api.ts';

export type CurrentCompany = {
  companyId: string;
  companies: MyCompany[];
  current: MyCompany | undefined;
  role: Role;
  /** The user is suspended in the current company: the blocked screen shows instead of the app. */
  suspended: boolean;
  switchCompany(companyId: string): void;
};

const CompanyContext = createContext<CurrentCompany | null>(null);

/**
 * The company the app acts in (issue 9). Every API request carries it as `x-company-id`; the server
 * checks the membership. Switching drops every cached query of the previous company and remounts
 * the pages, so nothing of one company is ever shown in another.
 */
export function CompanyProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('team');
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const client = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const companies = useMyCompanies(userId !== '');
  const [chosen, setChosen] = useState<string | null>(() => (userId ? readStoredCompany(userId) : null));
  const companyId = chooseCompany(chosen, companies.data, userId);

  // Set while rendering, before any page below starts a request.
  setApiCompany(companyId || null);
  const previous = useRef(companyId);
  const lostAccess = previous.current !== companyId && chosen !== null && chosen !== companyId;
  if (previous.current !== companyId) {
    previous.current = companyId;
    client.removeQueries({ predicate: (q) => !isCompanyIndependent(q.queryKey) });
  }
  useEffect(() => {
    if (lostAccess) toast({ type: 'warning', title: t('switcher.lostAccess') });
  }, [lostAccess, toast, t]);

  // Membership changes (role, suspension, removal) arrive on the user's own status channel.
  const { refetch } = companies;
  useEffect(() => {
    if (!userId) return;
    const off = realtime.subscribe(`account-status:${userId}`, (payload) => {
      if ((payload as { membership?: unknown } | null)?.membership) void refetch();
    });
    const offOpen = realtime.onOpen(() => void refetch());
    return () => {
      off();
      offOpen();
    };
  }, [userId, refetch]);

  const switchCompany = useCallback(
    (id: string) => {
      storeCompany(userId, id);
      setChosen(id);
      navigate('/');
    },
    [userId, navigate],
  );

  const value = useMemo<CurrentCompany>(() => {
    const list = companies.data ?? [];
    const current = list.find((c) => c.company_id === companyId);
    return {
      companyId,
      companies: list,
      current,
      role: current?.role ?? 'viewer',
      suspended: current?.status === 'suspended',
      switchCompany,
    };
  }, [companies.data, companyId, switchCompany]);

  if (companies.isPending && userId) return <PageLoading />;
  return (
    <CompanyContext.Provider value={value}>
      <Fragment key={companyId}>{children}</Fragment>
    </CompanyContext.Provider>
  );
}

export function useCurrentCompany(): CurrentCompany {
  const value = useContext(CompanyContext);
  if (!value) throw new Error('useCurrentCompany must be used within a CompanyProvider');
  return value;
}
