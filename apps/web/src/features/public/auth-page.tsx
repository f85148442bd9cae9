import { useTranslation } from 'react-i18next';

export function AuthPage() {
  const { t } = useTranslation('public');
  return (
    <main>
      <h1>{t('auth.signIn.title')}</h1>
    </main>
  );
}
