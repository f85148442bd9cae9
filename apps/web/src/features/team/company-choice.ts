import type { MyCompany } from '@erp/domain/team/index';

/** The chosen company is remembered per user on this device. */
export const COMPANY_STORAGE_PREFIX = 'erp:company:';

export function readStoredCompany(userId: string): string | null {
  try {
    return localStorage.getItem(COMPANY_STORAGE_PREFIX + userId);
  } catch {
    return null;
  }
}

export function storeCompany(userId: string, companyId: string): void {
  try {
    localStorage.setItem(COMPANY_STORAGE_PREFIX + userId, companyId);
  } catch {
    // Private mode or full storage: the choice then lasts for this page only.
  }
}

/** The company to act in: the remembered one while the user still belongs to it, else their own. */
export function chooseCompany(
  stored: string | null,
  companies: MyCompany[] | undefined,
  userId: string,
): string {
  if (stored && companies?.some((c) => c.company_id === stored)) return stored;
  return userId;
}

/** Cached queries that are not company data: the profile (always the user's own) and the list of companies. */
export function isCompanyIndependent(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === 'tenant' || (queryKey[0] === 'team' && queryKey[1] === 'companies');
}
