import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from './page-header.tsx';

/** Stand-in for a business section that later work replaces: the title and a short notice. */
export function SectionPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('app');
  return (
    <div>
      <PageHeader title={title} />
      {children}
      <Card className="flex flex-col items-center gap-3 p-10 text-center" data-testid="section-placeholder">
        <Construction className="size-10 text-muted" aria-hidden />
        <p className="max-w-md text-muted">{t('placeholder.body')}</p>
      </Card>
    </div>
  );
}
