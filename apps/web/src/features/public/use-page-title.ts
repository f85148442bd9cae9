import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page, in the current language, e.g. "Kontakt · Pogon ERP". */
export function usePageTitle(title: string) {
  const { t } = useTranslation('public');
  const brand = t('brand.name');
  useEffect(() => {
    document.title = title === brand ? brand : `${title} · ${brand}`;
  }, [title, brand]);
}
