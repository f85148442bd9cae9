import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../sections/section-placeholder.tsx';

export function ProcessesPage() {
  const { t } = useTranslation('app');
  return <SectionPlaceholder title={t('nav.processes')} />;
}
