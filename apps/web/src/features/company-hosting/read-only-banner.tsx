import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast.tsx';
import { onApiError } from '../../lib/api.ts';
import { realtime } from '../../lib/realtime.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { companyChannel } from '../team/use-live.ts';

export type HostingState = 'read_only' | 'normal';

export function parseHostingState(payload: unknown): HostingState | null {
  const state = (payload as { state?: unknown } | null)?.state;
  return state === 'read_only' || state === 'normal' ? state : null;
}

/**
 * Issue 10: while the current company is moved to another database, restored from a backup or
 * frozen by an operator, its data is read-only. The server pushes the state on
 * `company:<id>:hosting` (the current one first, then every change); a write refused with
 * COMPANY_READ_ONLY shows the notice too, with a toast saying the change was not saved. Nothing is
 * disabled: reads work, and a write attempt gets the message.
 */
export function CompanyReadOnlyBanner() {
  const { t } = useTranslation('common');
  const { toast } = useToast();
  const { companyId } = useCurrentCompany();
  const [readOnly, setReadOnly] = useState(false);
  const wasReadOnly = useRef(false);
  const toastRef = useRef(toast);
  toastRef.current = toast;

  useEffect(() => {
    setReadOnly(false);
    wasReadOnly.current = false;
    if (!companyId) return;
    const apply = (next: boolean) => {
      if (wasReadOnly.current && !next)
        toastRef.current({ type: 'success', title: t('companyReadOnly.done') });
      wasReadOnly.current = next;
      setReadOnly(next);
    };
    const off = realtime.subscribe(companyChannel(companyId, 'hosting'), (payload) => {
      const state = parseHostingState(payload);
      if (state) apply(state === 'read_only');
    });
    const offError = onApiError((error) => {
      if (error.code !== 'COMPANY_READ_ONLY') return;
      apply(true);
      toastRef.current({
        type: 'warning',
        title: t('companyReadOnly.refused'),
        description: t('errors.COMPANY_READ_ONLY'),
      });
    });
    return () => {
      off();
      offError();
    };
  }, [companyId, t]);

  if (!readOnly) return null;
  return (
    <div
      role="alert"
      data-testid="company-read-only"
      className="flex items-start gap-2 border-b border-warning/40 bg-warning-soft px-4 py-2 text-sm text-foreground md:px-6"
    >
      <Lock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <p>
        <strong className="font-semibold">{t('companyReadOnly.title')}</strong> {t('companyReadOnly.banner')}
      </p>
    </div>
  );
}
