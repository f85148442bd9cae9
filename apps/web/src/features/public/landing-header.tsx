import { Factory, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { CONTACT_HREF, LANDING_HREF, SIGN_IN_HREF, SIGN_UP_HREF } from './public-links.ts';

const NAV_LINK =
  'rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-foreground';

export function BrandLink() {
  const { t } = useTranslation('public');
  return (
    <Link
      to={LANDING_HREF}
      className="inline-flex items-center gap-2 rounded-md font-semibold text-foreground"
      aria-label={t('brand.home')}
    >
      <span className="inline-flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Factory className="size-5" aria-hidden />
      </span>
      <span className="text-lg">{t('brand.name')}</span>
    </Link>
  );
}

/** Section anchors on this page, then the other public pages. */
function NavLinks({ className }: { className: string }) {
  const { t } = useTranslation('public');
  return (
    <ul className={className}>
      <li>
        <a href="#features" className={NAV_LINK}>
          {t('nav.features')}
        </a>
      </li>
      <li>
        <a href="#pricing" className={NAV_LINK}>
          {t('nav.pricing')}
        </a>
      </li>
      <li>
        <a href="#resources" className={NAV_LINK}>
          {t('nav.resources')}
        </a>
      </li>
      <li>
        <Link to={CONTACT_HREF} className={NAV_LINK}>
          {t('nav.contact')}
        </Link>
      </li>
    </ul>
  );
}

function AuthLinks({ className }: { className: string }) {
  const { t } = useTranslation('public');
  return (
    <div className={className}>
      <Link to={SIGN_IN_HREF} className={buttonClasses('ghost', 'md')}>
        {t('nav.signIn')}
      </Link>
      <Link to={SIGN_UP_HREF} className={buttonClasses('primary', 'md')}>
        {t('nav.getStarted')}
      </Link>
    </div>
  );
}

export function LandingHeader() {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState(false);
  // Following an anchor in the mobile menu scrolls the page; the menu should not stay over it.
  useEffect(() => {
    const close = () => setOpen(false);
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  }, []);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/95 backdrop-blur">
      <nav aria-label={t('nav.label')}>
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <BrandLink />
          <NavLinks className="ml-6 hidden items-center gap-1 lg:flex" />
          <div className="ml-auto hidden items-center gap-2 lg:flex">
            <LanguagePicker />
            <AuthLinks className="flex items-center gap-2" />
          </div>
          {/* The menu and both icons are always in the markup (hidden when closed), so the prerendered
              landing page's small script (prerender/landing-enhance.ts) can open it without React. */}
          <button
            type="button"
            className={buttonClasses('ghost', 'icon', 'ml-auto lg:hidden')}
            aria-expanded={open}
            aria-controls="landing-mobile-menu"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            data-label-open={t('nav.openMenu')}
            data-label-close={t('nav.closeMenu')}
            data-testid="landing-menu-button"
            onClick={() => setOpen((v) => !v)}
          >
            <span className="contents" hidden={!open} data-menu-icon="close">
              <X className="size-5" aria-hidden />
            </span>
            <span className="contents" hidden={open} data-menu-icon="open">
              <Menu className="size-5" aria-hidden />
            </span>
          </button>
        </div>
        <div id="landing-mobile-menu" className="border-t border-border px-4 pb-4 lg:hidden" hidden={!open}>
          <NavLinks className="flex flex-col gap-1 py-3" />
          <LanguagePicker className="mb-3" />
          <AuthLinks className="grid grid-cols-2 gap-2" />
        </div>
      </nav>
    </header>
  );
}
