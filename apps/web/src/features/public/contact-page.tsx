import { useTranslation } from 'react-i18next';

export function ContactPage() {
  const { t } = useTranslation('public');
  return (
    <main>
      <h1>{t('contact.title')}</h1>
    </main>
  );
}
