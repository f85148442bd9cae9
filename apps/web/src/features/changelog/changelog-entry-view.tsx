import type { ChangelogEntry } from '@erp/domain/changelog/changelog.schemas';
import { AlertTriangle, Bug, Info, type LucideIcon, ShieldCheck, Sparkles, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';

const TYPE_ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  feature: { icon: Sparkles, className: 'bg-info-soft text-info' },
  improvement: { icon: TrendingUp, className: 'bg-success-soft text-success' },
  bugfix: { icon: Bug, className: 'bg-warning-soft text-warning' },
  breaking: { icon: AlertTriangle, className: 'bg-danger-soft text-danger' },
  security: { icon: ShieldCheck, className: 'bg-accent text-primary' },
};
/** Seed section 3: any other type gets a neutral icon. */
const NEUTRAL = { icon: Info, className: 'bg-surface-2 text-muted' };

export function changelogTypeKey(type: string): string {
  return type in TYPE_ICONS ? type : 'other';
}

export function ChangelogEntryView({ entry }: { entry: ChangelogEntry }) {
  const { t, i18n } = useTranslation('app');
  const { icon: Icon, className } = TYPE_ICONS[entry.type] ?? NEUTRAL;
  const typeKey = changelogTypeKey(entry.type);
  return (
    <article className="flex gap-3" data-testid="changelog-entry" data-type={typeKey}>
      <div className={`flex size-9 shrink-0 items-center justify-center rounded-full ${className}`}>
        <Icon className="size-4.5" role="img" aria-label={t(`changelog.types.${typeKey}`)} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <h3 className="font-semibold text-foreground">{entry.title}</h3>
          <span className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">
            {entry.version}
          </span>
        </div>
        <p className="mt-0.5 text-xs text-muted">
          {entry.published_at
            ? formatDate(entry.published_at, i18n.language)
            : t('changelog.recentlyPublished')}
        </p>
        {entry.description && <p className="mt-2 text-sm text-foreground">{entry.description}</p>}
        {entry.items.length > 0 && (
          <div className="mt-2">
            <p className="text-xs font-medium text-muted">{t('changelog.keyChanges')}</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
              {entry.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are plain text lines and may repeat
                <li key={i}>{item}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </article>
  );
}
