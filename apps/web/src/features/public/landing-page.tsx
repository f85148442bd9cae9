import { useTranslation } from 'react-i18next';
import { usePrerenderedHandOver } from '../../prerender/hand-over.ts';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import {
  BenefitsSection,
  ClosingCtaSection,
  EnterpriseSection,
  FeaturesSection,
  HeroSection,
  IndustriesSection,
  MetricsSection,
  PricingSection,
  ResourcesSection,
} from './landing-sections.tsx';
import { usePageTitle } from './use-page-title.ts';

export function LandingPage() {
  usePrerenderedHandOver();
  const { t } = useTranslation('public');
  usePageTitle(t('hero.eyebrow'));
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <LandingHeader />
      <main className="flex-1">
        <HeroSection />
        <FeaturesSection />
        <BenefitsSection />
        <IndustriesSection />
        <EnterpriseSection />
        <MetricsSection />
        <PricingSection />
        <ResourcesSection />
        <ClosingCtaSection />
      </main>
      <LandingFooter />
    </div>
  );
}
