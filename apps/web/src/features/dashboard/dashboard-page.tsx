import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../sections/section-placeholder.tsx';
import { useUserDisplay } from '../shell/user-menu.tsx';

export function DashboardPage() {
  const { t } = useTranslation('app');
  const { name } = useUserDisplay();
  return (
    <SectionPlaceholder title={t('nav.dashboard')}>
      <p className="-mt-4 mb-6 text-muted" data-testid="dashboard-welcome">
        {t('dashboard.welcome', { name })}
      </p>
    </SectionPlaceholder>
  );
}
