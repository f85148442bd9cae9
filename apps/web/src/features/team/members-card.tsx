import { can, ROLES, type Role } from '@erp/domain/permissions';
import { type Member, mayGrantRole } from '@erp/domain/team/index';
import { LogOut, PauseCircle, PlayCircle, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { inputClasses } from '../../components/ui/input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useCurrentCompany } from './current-company.tsx';
import { useLeaveCompany, useMembers, useRemoveMember, useUpdateMember } from './team-api.ts';
import { useTeamErrorText } from './team-errors.ts';
import { TeamTableHead } from './team-table-head.tsx';

type Pending = { kind: 'remove' | 'suspend' | 'leave'; member: Member } | null;

/** Members of the current company: owners and admins change roles, suspend, reinstate and remove. */
export function MembersCard() {
  const { t, i18n } = useTranslation('team');
  const { user } = useAuth();
  const { companyId, role: myRole, switchCompany } = useCurrentCompany();
  const members = useMembers(companyId);
  const update = useUpdateMember(companyId);
  const remove = useRemoveMember(companyId);
  const leave = useLeaveCompany();
  const errorText = useTeamErrorText();
  const { toast } = useToast();
  const [pending, setPending] = useState<Pending>(null);
  const manage = can(myRole, 'members.manage');

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      toast({ type: 'success', title: success });
    } catch (error) {
      toast({ type: 'error', title: errorText(error) });
    }
  };

  /** Admins do not touch owners; nobody edits the founder, who stays the company's owner. */
  const editable = (m: Member) => manage && !m.is_founder && (m.role !== 'owner' || myRole === 'owner');
  const name = (m: Member) => m.name || m.email;

  const confirm = async () => {
    if (!pending) return;
    const { kind, member } = pending;
    setPending(null);
    if (kind === 'remove')
      await run(() => remove.mutateAsync(member.user_id), t('members.removed', { name: name(member) }));
    if (kind === 'suspend')
      await run(
        () => update.mutateAsync({ userId: member.user_id, status: 'suspended' }),
        t('members.suspendedToast', { name: name(member) }),
      );
    if (kind === 'leave') {
      try {
        await leave.mutateAsync();
        toast({ type: 'success', title: t('members.left') });
        if (user) switchCompany(user.id);
      } catch (error) {
        toast({ type: 'error', title: errorText(error) });
      }
    }
  };

  return (
    <Card data-testid="members-card">
      <CardHeader>
        <CardTitle>{t('members.title')}</CardTitle>
        <CardDescription>{t('members.description')}</CardDescription>
      </CardHeader>
      <CardContent className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <TeamTableHead columns={['members.name', 'members.role', 'members.status', 'members.joined']} />
          <tbody>
            {(members.data ?? []).map((m) => {
              const me = m.user_id === user?.id;
              return (
                <tr
                  key={m.user_id}
                  className="border-b border-border last:border-0"
                  data-testid="member-row"
                  data-email={m.email}
                >
                  <td className="py-2 pr-3">
                    <span className="block font-medium">
                      {name(m)}
                      {me && <span className="ml-1 text-xs text-muted">{t('members.you')}</span>}
                    </span>
                    <span className="block text-xs text-muted">{m.email}</span>
                  </td>
                  <td className="py-2 pr-3">
                    {editable(m) && !me ? (
                      <select
                        className={cn(inputClasses, 'h-8 w-auto py-0')}
                        value={m.role}
                        aria-label={t('members.roleOf', { name: name(m) })}
                        data-testid="member-role"
                        onChange={(e) =>
                          void run(
                            () => update.mutateAsync({ userId: m.user_id, role: e.target.value as Role }),
                            t('members.roleChanged', { name: name(m) }),
                          )
                        }
                      >
                        {ROLES.filter((r) => r === m.role || mayGrantRole(myRole, r)).map((r) => (
                          <option key={r} value={r}>
                            {t(`roles.${r}`)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <span data-testid="member-role-text">
                        {t(`roles.${m.role}`)}
                        {m.is_founder && (
                          <span className="ml-1 text-xs text-muted">{t('members.founder')}</span>
                        )}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3">
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        m.status === 'active'
                          ? 'bg-success-soft text-success'
                          : 'bg-warning-soft text-warning',
                      )}
                      data-testid="member-status"
                    >
                      {t(`status.${m.status}`)}
                    </span>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-muted">
                    {formatDate(m.joined_at, i18n.language)}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap">
                    {editable(m) && !me && m.status === 'active' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setPending({ kind: 'suspend', member: m })}
                      >
                        <PauseCircle className="size-4" aria-hidden />
                        {t('members.suspend')}
                      </Button>
                    )}
                    {editable(m) && !me && m.status === 'suspended' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() =>
                          void run(
                            () => update.mutateAsync({ userId: m.user_id, status: 'active' }),
                            t('members.reinstated', { name: name(m) }),
                          )
                        }
                      >
                        <PlayCircle className="size-4" aria-hidden />
                        {t('members.reinstate')}
                      </Button>
                    )}
                    {editable(m) && !me && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setPending({ kind: 'remove', member: m })}
                      >
                        <UserMinus className="size-4" aria-hidden />
                        {t('members.remove')}
                      </Button>
                    )}
                    {me && !m.is_founder && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setPending({ kind: 'leave', member: m })}
                      >
                        <LogOut className="size-4" aria-hidden />
                        {t('members.leave')}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
      <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        {pending && (
          <DialogContent
            title={t(`members.confirm.${pending.kind}.title`, { name: name(pending.member) })}
            description={t(`members.confirm.${pending.kind}.body`, { name: name(pending.member) })}
            footer={
              <>
                <Button variant="outline" onClick={() => setPending(null)}>
                  {t('common:actions.cancel')}
                </Button>
                <Button variant="danger" onClick={() => void confirm()} data-testid="confirm-action">
                  {t(`members.confirm.${pending.kind}.action`)}
                </Button>
              </>
            }
          />
        )}
      </Dialog>
    </Card>
  );
}
