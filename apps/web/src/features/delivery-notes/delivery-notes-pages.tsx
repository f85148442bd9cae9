import { useTranslation } from 'react-i18next';
import { SectionPlaceholder } from '../sections/section-placeholder.tsx';

export function DeliveryNotesPage() {
  const { t } = useTranslation('app');
  return <SectionPlaceholder title={t('nav.deliveryNotes')} />;
}

export function DeliveryNoteNewPage() {
  const { t } = useTranslation('app');
  return <SectionPlaceholder title={t('sections.newDeliveryNote')} />;
}
