import { can } from '@erp/domain/permissions';
import { CompanyCard } from './company-card.tsx';
import { useCurrentCompany } from './current-company.tsx';
import { InvitationsCard } from './invitations-card.tsx';
import { MembersCard } from './members-card.tsx';

/** The team part of the settings page: company details, members, and invitations for those who manage them. */
export function TeamSettings() {
  const { role } = useCurrentCompany();
  return (
    <>
      <CompanyCard />
      <MembersCard />
      {can(role, 'members.manage') && <InvitationsCard />}
    </>
  );
}
