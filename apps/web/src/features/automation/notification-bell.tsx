import { BellRing, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { useLiveNotifications, useMarkRead, useNotifications } from './automation-api.ts';

/** The shell header's notification bell: unread count (live), the latest notifications, mark read. */
export function NotificationBell() {
  const { t, i18n } = useTranslation('automation');
  const { companyId } = useCurrentCompany();
  const list = useNotifications(companyId);
  const markRead = useMarkRead(companyId);
  const navigate = useNavigate();
  useLiveNotifications();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="relative rounded-md p-2 text-foreground hover:bg-surface-2"
        aria-label={t('bell.label', { n: unread })}
        data-testid="notifications-open"
      >
        <BellRing className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            data-testid="notifications-count"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel className="flex items-center justify-between">
          <span className="font-medium text-foreground">{t('bell.title')}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-3 py-4 text-sm text-muted">{t('bell.empty')}</p>
        ) : (
          items.map((n) => (
            <DropdownMenuItem
              key={n.id}
              data-testid="notification-item"
              className={cn('flex-col items-start gap-0.5', !n.read_at && 'bg-accent/40')}
              onSelect={() => {
                if (!n.read_at) markRead.mutate(n.id);
                if (n.link) navigate(n.link);
              }}
            >
              <span className="font-medium">{n.title}</span>
              {n.body ? <span className="text-xs text-muted">{n.body}</span> : null}
              <span className="text-xs text-muted">{formatDateTime(n.created_at, i18n.language)}</span>
            </DropdownMenuItem>
          ))
        )}
        {unread > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => markRead.mutate(null)} data-testid="notifications-read-all">
              <CheckCheck className="size-4" aria-hidden />
              {t('bell.readAll')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
