import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Kontakt · Pogon ERP"; the brand alone when the page's title is the brand. */
export function pageTitle(title: string, brand: string): string {
  return title === brand ? brand : `${title} · ${brand}`;
}

/** Names the browser tab after the page, in the current language, e.g. "Kontakt · Pogon ERP". */
export function usePageTitle(title: string) {
  const { t } = useTranslation('public');
  const brand = t('brand.name');
  useEffect(() => {
    document.title = pageTitle(title, brand);
  }, [title, brand]);
}
