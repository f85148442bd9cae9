import { Activity, History, type LucideIcon, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const BLURBS: readonly { key: 'realtime' | 'audit' | 'security'; icon: LucideIcon }[] = [
  { key: 'realtime', icon: Activity },
  { key: 'audit', icon: History },
  { key: 'security', icon: ShieldCheck },
];

/** Seed: a left marketing panel with hero text and three feature blurbs. */
export function AuthMarketingPanel() {
  const { t } = useTranslation('public');
  return (
    <aside
      data-testid="auth-marketing"
      aria-labelledby="auth-panel-title"
      className="bg-gradient-to-br from-blue-700 to-blue-950 px-6 py-10 text-white sm:px-10 lg:flex lg:flex-col lg:justify-center lg:px-14"
    >
      <h2 id="auth-panel-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('auth.panel.title')}
      </h2>
      <p className="mt-3 max-w-md text-base text-blue-100">{t('auth.panel.text')}</p>
      <ul className="mt-8 space-y-6">
        {BLURBS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-semibold">{t(`auth.panel.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-blue-100">{t(`auth.panel.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
