import { Workflow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { usePermission } from '../team/use-permission.tsx';

/** The settings page's entry to the automation rules (shown to roles that may manage them). */
export function AutomationSettingsCard() {
  const { t } = useTranslation('automation');
  if (!usePermission('automation.manage')) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsCard.title')}</CardTitle>
        <CardDescription>{t('settingsCard.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link
          to="/settings/automation"
          className={buttonClasses('outline')}
          data-testid="automation-settings-link"
        >
          <Workflow className="size-4" aria-hidden />
          {t('settingsCard.open')}
        </Link>
      </CardContent>
    </Card>
  );
}
