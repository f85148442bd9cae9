import { ROLES, type Role } from '@erp/domain/permissions';
import { INVITATION_TTL_DAYS, invitationCreateSchema, mayGrantRole } from '@erp/domain/team/index';
import { Check, Copy, Send, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, inputClasses } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/format.ts';
import { useCurrentCompany } from './current-company.tsx';
import {
  type CreatedInvitation,
  useCreateInvitation,
  useInvitations,
  useRevokeInvitation,
} from './team-api.ts';
import { useTeamErrorText } from './team-errors.ts';
import { TeamTableHead } from './team-table-head.tsx';

type InvitationForm = { email: string; role: Role };

/** Owners and admins invite by email with a role; the link is shown once, to copy (and mailed when configured). */
export function InvitationsCard() {
  const { t, i18n } = useTranslation('team');
  const { companyId, role: myRole } = useCurrentCompany();
  const invitations = useInvitations(companyId, true);
  const create = useCreateInvitation(companyId);
  const revoke = useRevokeInvitation(companyId);
  const errorText = useTeamErrorText();
  const { toast } = useToast();
  const id = useId();
  // The form recipe: react-hook-form with the domain's schema as resolver (its messages are i18n keys).
  const form = useZodForm<typeof invitationCreateSchema, InvitationForm>(invitationCreateSchema, {
    defaultValues: { email: '', role: 'planner' },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [copied, setCopied] = useState(false);
  const email = form.watch('email');
  const errors = useFormMessages(form.formState.errors, { server: [serverError] });

  const onSubmit = form.handleSubmit(async (data) => {
    setServerError(null);
    setCopied(false);
    try {
      setCreated(await create.mutateAsync(data));
      form.reset({ email: '', role: data.role });
    } catch (error) {
      setServerError(errorText(error));
    }
  });

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.link);
      setCopied(true);
    } catch {
      toast({ type: 'warning', title: t('invitations.copyFailed') });
    }
  };

  return (
    <Card data-testid="invitations-card">
      <CardHeader>
        <CardTitle>{t('invitations.title')}</CardTitle>
        <CardDescription>{t('invitations.description', { days: INVITATION_TTL_DAYS })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          {/* An address typed and not sent is an unsaved change like any other (UX.md). */}
          <UnsavedChangesGuard when={(email ?? '').trim() !== ''} />
          <div className="min-w-56 flex-1">
            <Label htmlFor={`${id}-email`}>{t('invitations.email')}</Label>
            <Input
              id={`${id}-email`}
              type="email"
              required
              {...form.register('email')}
              data-testid="invite-email"
            />
          </div>
          <div>
            <Label htmlFor={`${id}-role`}>{t('invitations.role')}</Label>
            <select
              id={`${id}-role`}
              className={cn(inputClasses, 'w-auto')}
              {...form.register('role')}
              data-testid="invite-role"
            >
              {ROLES.filter((r) => mayGrantRole(myRole, r)).map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" loading={create.isPending} data-testid="invite-submit">
            <Send className="size-4" aria-hidden />
            {t('invitations.send')}
          </Button>
        </form>
        <FormErrors messages={errors} />
        {created && (
          <div className="space-y-2 rounded-md border border-border bg-surface-2 p-3" role="status">
            <p className="text-sm">
              {created.emailed
                ? t('invitations.createdEmailed', { email: created.invitation.email })
                : t('invitations.createdCopy', { email: created.invitation.email })}
            </p>
            <div className="flex gap-2">
              <Input
                readOnly
                value={created.link}
                aria-label={t('invitations.link')}
                data-testid="invite-link"
                onFocus={(e) => e.target.select()}
              />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
                {copied ? t('invitations.copied') : t('invitations.copy')}
              </Button>
            </div>
          </div>
        )}
        {(invitations.data ?? []).length > 0 && (
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm">
              <TeamTableHead
                columns={[
                  'invitations.email',
                  'invitations.role',
                  'invitations.statusLabel',
                  'invitations.expires',
                ]}
              />
              <tbody>
                {(invitations.data ?? []).map((inv) => (
                  <tr
                    key={inv.id}
                    className="border-b border-border last:border-0"
                    data-testid="invitation-row"
                  >
                    <td className="py-2 pr-3">{inv.email}</td>
                    <td className="py-2 pr-3">{t(`roles.${inv.role}`)}</td>
                    <td className="py-2 pr-3" data-testid="invitation-status">
                      {t(`invitations.status.${inv.status}`)}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap text-muted">
                      {formatDate(inv.expires_at, i18n.language)}
                    </td>
                    <td className="py-2 text-right">
                      {inv.status === 'pending' && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() =>
                            revoke.mutate(inv.id, {
                              onSuccess: () =>
                                toast({
                                  type: 'success',
                                  title: t('invitations.revoked', { email: inv.email }),
                                }),
                              onError: (error) => toast({ type: 'error', title: errorText(error) }),
                            })
                          }
                        >
                          <XCircle className="size-4" aria-hidden />
                          {t('invitations.revoke')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
