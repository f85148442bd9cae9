import { ArrowLeft, Clock, type LucideIcon, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { usePublicConfig } from '../../lib/config.ts';
import { usePrerenderedHandOver } from '../../prerender/hand-over.ts';
import { BrandLink } from './landing-header.tsx';
import { LANDING_HREF } from './public-links.ts';
import { usePageTitle } from './use-page-title.ts';

function ContactEntry({
  icon: Icon,
  label,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-muted">{label}</h2>
        <div className="mt-1 text-base font-semibold break-words text-foreground" data-testid={testId}>
          {children}
        </div>
      </div>
    </li>
  );
}

/** Email and phone come from the server's configuration; they show a placeholder until it answers. */
function useContactDetails() {
  const { t } = useTranslation('public');
  const config = usePublicConfig();
  const pending = config.isPending ? t('contact.loading') : t('contact.unavailable');
  const contact = config.data?.contact;
  return {
    email: contact?.email ? (
      <a href={`mailto:${contact.email}`} className="text-primary hover:underline">
        {contact.email}
      </a>
    ) : (
      pending
    ),
    phone: contact?.phone ? (
      <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} className="text-primary hover:underline">
        {contact.phone}
      </a>
    ) : (
      pending
    ),
    city: contact?.city || t('contact.defaultCity'),
  };
}

export function ContactPage() {
  usePrerenderedHandOver();
  const { t } = useTranslation('public');
  const details = useContactDetails();
  usePageTitle(t('contact.title'));
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <BrandLink />
          <LanguagePicker />
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <Link
          to={LANDING_HREF}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('contact.back')}
        </Link>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
          {t('contact.title')}
        </h1>
        <p className="mt-3 max-w-2xl text-base text-muted sm:text-lg">{t('contact.subtitle')}</p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2">
          <ContactEntry icon={Mail} label={t('contact.email')} testId="contact-email">
            {details.email}
          </ContactEntry>
          <ContactEntry icon={Phone} label={t('contact.phone')} testId="contact-phone">
            {details.phone}
          </ContactEntry>
          <ContactEntry icon={MapPin} label={t('contact.location')} testId="contact-location">
            {details.city}
          </ContactEntry>
          <ContactEntry icon={Clock} label={t('contact.hours')} testId="contact-hours">
            {t('contact.hoursValue')}
          </ContactEntry>
        </ul>
      </main>
    </div>
  );
}
