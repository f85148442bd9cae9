import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLink } from './landing-header.tsx';
import { CONTACT_HREF, SIGN_IN_HREF } from './public-links.ts';

export function LandingFooter() {
  const { t } = useTranslation('public');
  // Computed so the line never goes stale at New Year.
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <BrandLink />
          <p className="mt-3 text-sm text-muted">{t('footer.tagline')}</p>
        </div>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <li>
            <a href="#features" className="text-muted hover:text-foreground">
              {t('nav.features')}
            </a>
          </li>
          <li>
            <a href="#pricing" className="text-muted hover:text-foreground">
              {t('nav.pricing')}
            </a>
          </li>
          <li>
            <Link to={CONTACT_HREF} className="text-muted hover:text-foreground">
              {t('nav.contact')}
            </Link>
          </li>
          <li>
            <Link to={SIGN_IN_HREF} className="text-muted hover:text-foreground">
              {t('nav.signIn')}
            </Link>
          </li>
        </ul>
      </div>
      {/* data-year: the prerendered page's script puts the visitor's current year in place of this one. */}
      <p
        className="border-t border-border px-4 py-4 text-center text-sm text-muted"
        data-testid="copyright"
        data-year={year}
      >
        {t('footer.copyright', { year, brand: t('brand.name') })}
      </p>
    </footer>
  );
}
