import { Monitor, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { cn } from '../../lib/cn.ts';
import { setTheme, storedTheme, type Theme } from '../../lib/theme.ts';
import { AutomationSettingsCard } from '../automation/settings-card.tsx';
import { CuttingSettingsCard } from '../cutting/cutting-settings-card.tsx';
import { MailSettingsCard } from '../documents/mail-settings-card.tsx';
import { PricingSettingsCard } from '../documents/pricing-settings-card.tsx';
import { ProductionLocationsCard } from '../documents/production-locations-card.tsx';
import { VatStatusCard } from '../einvoice/einvoice-cards.tsx';
import { FiscalExchangeSettingsCard } from '../fiscal-exchange/fiscal-settings-card.tsx';
import { FiscalSettingsCard } from '../fiscalisation/fiscal-cards.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { TeamSettings } from '../team/team-settings.tsx';
import { CompanySettingsGroup } from './read-only-settings.tsx';

const THEME_OPTIONS: { value: Theme; icon: typeof Sun }[] = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
];

function ThemeChooser() {
  const { t } = useTranslation('common');
  const [theme, setThemeState] = useState<Theme>(storedTheme);
  const choose = (value: Theme) => {
    setTheme(value);
    setThemeState(value);
  };
  return (
    <fieldset>
      <legend className="sr-only">{t('theme.label')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {THEME_OPTIONS.map(({ value, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 p-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              theme === value ? 'border-primary bg-accent' : 'border-border hover:bg-surface-2',
            )}
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => choose(value)}
              className="sr-only"
            />
            <Icon className="size-5" aria-hidden />
            {t(`theme.${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('app');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Card>
        <CardHeader>
          <CardTitle>{t('settings.language.title')}</CardTitle>
          <CardDescription>{t('settings.language.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <LanguagePicker showLabel />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('settings.theme.title')}</CardTitle>
          <CardDescription>{t('settings.theme.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ThemeChooser />
        </CardContent>
      </Card>
      <TeamSettings />
      <AutomationSettingsCard />
      <CompanySettingsGroup>
        <PricingSettingsCard />
        <ProductionLocationsCard />
        <MailSettingsCard />
        <VatStatusCard />
        <FiscalSettingsCard />
        <FiscalExchangeSettingsCard />
        <CuttingSettingsCard />
      </CompanySettingsGroup>
    </div>
  );
}
