import {
  Activity,
  ArrowRight,
  BookOpen,
  Boxes,
  Check,
  ClipboardCheck,
  ClipboardList,
  Code2,
  Cpu,
  Database,
  FileCheck2,
  GitBranch,
  LayoutGrid,
  LifeBuoy,
  type LucideIcon,
  Rocket,
  Scissors,
  ShieldCheck,
  Truck,
  Users,
  Workflow,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { HeroCuttingPreview } from './hero-cutting-preview.tsx';
import { API_DOCS_HREF, CONTACT_HREF, SIGN_IN_HREF, SIGN_UP_HREF } from './public-links.ts';

type Item = { key: string; icon: LucideIcon };

const FEATURES: readonly Item[] = [
  { key: 'orders', icon: ClipboardList },
  { key: 'inventory', icon: Boxes },
  { key: 'products', icon: GitBranch },
  { key: 'deliveryNotes', icon: Truck },
  { key: 'clients', icon: Users },
  { key: 'suppliers', icon: FileCheck2 },
];
const BENEFITS: readonly Item[] = [
  { key: 'automation', icon: Workflow },
  { key: 'security', icon: ShieldCheck },
  { key: 'modular', icon: LayoutGrid },
  { key: 'deployment', icon: Rocket },
];
const INDUSTRY_TAGS = ['glass', 'wood', 'pvcAlu', 'metal', 'plastic', 'textile'] as const;
const INDUSTRY_FEATURES: readonly Item[] = [
  { key: 'cutting', icon: Scissors },
  { key: 'traceability', icon: Activity },
  { key: 'quality', icon: ClipboardCheck },
  { key: 'cnc', icon: Cpu },
];
const ENTERPRISE_ITEMS = ['dedicated', 'isolation', 'gdpr', 'backup'] as const;
const METRICS = ['uptime', 'encryption', 'rowSecurity', 'auditTrails'] as const;

/** A page section; `id` doubles as the anchor the header links to, and the test id. */
function Section({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      data-testid={`landing-${id}`}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-16 ${className ?? ''}`}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">{children}</div>
    </section>
  );
}

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-base text-muted sm:text-lg">{subtitle}</p>}
    </div>
  );
}

function IconCard({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="rounded-xl border border-border bg-surface p-6 shadow-sm">
      <span className="mb-4 inline-flex size-10 items-center justify-center rounded-lg bg-accent text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className="text-base font-semibold text-foreground">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
    </li>
  );
}

export function HeroSection() {
  const { t } = useTranslation('public');
  return (
    <section data-testid="landing-hero" aria-labelledby="hero-title" className="bg-surface">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1.1fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('hero.eyebrow')}</p>
          <h1
            id="hero-title"
            className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-6 text-base leading-relaxed text-muted sm:text-lg">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center lg:justify-start">
            <Link to={SIGN_UP_HREF} className={buttonClasses('primary', 'lg')} data-testid="hero-get-started">
              {t('hero.getStarted')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to={SIGN_IN_HREF} className={buttonClasses('outline', 'lg')} data-testid="hero-sign-in">
              {t('hero.signIn')}
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted" data-testid="trial-note">
            {t('hero.trialNote')}
          </p>
          <p className="mt-2 text-sm font-medium text-foreground">{t('hero.socialProof')}</p>
        </div>
        <HeroCuttingPreview />
      </div>
    </section>
  );
}

export function FeaturesSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="features">
      <SectionHeading id="features" title={t('features.title')} subtitle={t('features.subtitle')} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, icon }) => (
          <IconCard
            key={key}
            icon={icon}
            title={t(`features.${key}.title`)}
            text={t(`features.${key}.text`)}
          />
        ))}
      </ul>
    </Section>
  );
}

export function BenefitsSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="benefits" className="bg-surface">
      <SectionHeading id="benefits" title={t('benefits.title')} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map(({ key, icon }) => (
          <IconCard
            key={key}
            icon={icon}
            title={t(`benefits.${key}.title`)}
            text={t(`benefits.${key}.text`)}
          />
        ))}
      </ul>
    </Section>
  );
}

export function IndustriesSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="industries">
      <SectionHeading id="industries" title={t('industries.title')} subtitle={t('industries.subtitle')} />
      <ul aria-label={t('industries.tagsLabel')} className="mb-10 flex flex-wrap justify-center gap-2">
        {INDUSTRY_TAGS.map((tag) => (
          <li
            key={tag}
            data-testid="industry-tag"
            className="rounded-full border border-border bg-surface px-4 py-1.5 text-sm font-medium text-foreground"
          >
            {t(`industries.tags.${tag}`)}
          </li>
        ))}
      </ul>
      <ul className="grid gap-4 sm:grid-cols-2">
        {INDUSTRY_FEATURES.map(({ key, icon }) => (
          <IconCard
            key={key}
            icon={icon}
            title={t(`industries.${key}.title`)}
            text={t(`industries.${key}.text`)}
          />
        ))}
      </ul>
    </Section>
  );
}

export function EnterpriseSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="enterprise" className="bg-surface">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            {t('enterprise.eyebrow')}
          </p>
          <h2
            id="enterprise-title"
            className="mt-2 text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
          >
            {t('enterprise.title')}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-muted">{t('enterprise.text')}</p>
          <Link to={CONTACT_HREF} className={buttonClasses('outline', 'md', 'mt-6')}>
            {t('enterprise.cta')}
          </Link>
        </div>
        <ul className="space-y-3 rounded-xl border border-border bg-background p-6">
          {ENTERPRISE_ITEMS.map((key) => (
            <li key={key} className="flex gap-3 text-sm text-foreground sm:text-base">
              <Database className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <span>{t(`enterprise.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

export function MetricsSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="metrics">
      <SectionHeading id="metrics" title={t('metrics.title')} />
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {METRICS.map((key) => (
          <div key={key} className="flex flex-col rounded-xl border border-border bg-surface p-5 text-center">
            <dt className="text-sm text-muted">{t(`metrics.${key}.label`)}</dt>
            <dd className="order-first text-2xl font-bold text-foreground sm:text-3xl">
              {t(`metrics.${key}.value`)}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function PricingCard({
  plan,
  href,
  highlighted,
}: {
  plan: 'trial' | 'enterprise';
  href: string;
  highlighted: boolean;
}) {
  const { t } = useTranslation('public');
  return (
    <li
      className={`flex flex-col rounded-xl border bg-surface p-6 shadow-sm ${highlighted ? 'border-primary' : 'border-border'}`}
    >
      <h3 className="text-lg font-semibold text-foreground">{t(`pricing.${plan}.name`)}</h3>
      <p className="mt-2 text-3xl font-bold text-foreground">{t(`pricing.${plan}.price`)}</p>
      <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{t(`pricing.${plan}.text`)}</p>
      <Link to={href} className={buttonClasses(highlighted ? 'primary' : 'outline', 'md', 'mt-6')}>
        {t(`pricing.${plan}.cta`)}
      </Link>
    </li>
  );
}

export function PricingSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="pricing" className="bg-surface">
      <SectionHeading id="pricing" title={t('pricing.title')} subtitle={t('pricing.subtitle')} />
      <ul className="mx-auto grid max-w-3xl gap-4 md:grid-cols-2">
        <PricingCard plan="trial" href={SIGN_UP_HREF} highlighted />
        <PricingCard plan="enterprise" href={CONTACT_HREF} highlighted={false} />
      </ul>
    </Section>
  );
}

type Resource = { key: 'api' | 'help' | 'contact'; icon: LucideIcon; href: string; external: boolean };
const RESOURCES: readonly Resource[] = [
  { key: 'api', icon: Code2, href: API_DOCS_HREF, external: true },
  { key: 'help', icon: BookOpen, href: SIGN_IN_HREF, external: false },
  { key: 'contact', icon: LifeBuoy, href: CONTACT_HREF, external: false },
];

export function ResourcesSection() {
  const { t } = useTranslation('public');
  const linkClass = 'mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline';
  return (
    <Section id="resources">
      <SectionHeading id="resources" title={t('resources.title')} />
      <ul className="grid gap-4 md:grid-cols-3">
        {RESOURCES.map(({ key, icon: Icon, href, external }) => (
          <li key={key} className="flex flex-col rounded-xl border border-border bg-surface p-6">
            <Icon className="size-6 text-primary" aria-hidden />
            <h3 className="mt-3 text-base font-semibold text-foreground">{t(`resources.${key}.title`)}</h3>
            <p className="mt-2 flex-1 text-sm text-muted">{t(`resources.${key}.text`)}</p>
            {/* The API docs are served by the server, outside the single-page app's router. */}
            {external ? (
              <a href={href} className={linkClass}>
                {t('resources.open')} <ArrowRight className="size-4" aria-hidden />
              </a>
            ) : (
              <Link to={href} className={linkClass}>
                {t('resources.open')} <ArrowRight className="size-4" aria-hidden />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ClosingCtaSection() {
  const { t } = useTranslation('public');
  return (
    <section
      data-testid="landing-cta"
      aria-labelledby="cta-title"
      className="bg-primary text-primary-foreground"
    >
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('cta.title')}
        </h2>
        <p className="mt-3 text-base opacity-90 sm:text-lg">{t('cta.text')}</p>
        <Link
          to={SIGN_UP_HREF}
          data-testid="cta-start-trial"
          className="mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-md bg-surface px-6 text-base font-semibold text-primary shadow-sm hover:bg-surface-2"
        >
          {t('cta.button')}
          <Check className="size-4" aria-hidden />
        </Link>
        <p className="mt-4 text-sm opacity-90">{t('hero.trialNote')}</p>
      </div>
    </section>
  );
}
