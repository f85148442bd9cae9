import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../sections/section-placeholder.tsx';

export function ExportPage() {
  const { t } = useTranslation('app');
  return <SectionPlaceholder title={t('sections.export')} />;
}
