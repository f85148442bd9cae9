import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { SectionPlaceholder } from '../sections/section-placeholder.tsx';

export type DocumentKind = 'work-orders' | 'quotes';

const KIND_KEY = { 'work-orders': 'workOrders', quotes: 'quotes' } as const;

/** Work orders and quotes share their list, new and edit screens (seed section 2). */
function DocumentTabs() {
  const { t } = useTranslation('app');
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-1.5 text-sm font-medium',
      isActive ? 'bg-primary text-primary-foreground' : 'text-muted hover:bg-surface-2',
    );
  return (
    <nav aria-label={t('nav.documents')} className="mb-4 flex gap-2">
      <NavLink to="/documents/work-orders" className={tab}>
        {t('documents.workOrders')}
      </NavLink>
      <NavLink to="/documents/quotes" className={tab}>
        {t('documents.quotes')}
      </NavLink>
    </nav>
  );
}

export function DocumentsListPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation('app');
  return (
    <SectionPlaceholder title={t(`documents.${KIND_KEY[kind]}`)}>
      <DocumentTabs />
    </SectionPlaceholder>
  );
}

export function DocumentEditPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation('app');
  const { id } = useParams();
  const title = id ? t(`documents.edit.${KIND_KEY[kind]}`, { id }) : t(`documents.new.${KIND_KEY[kind]}`);
  return <SectionPlaceholder title={title} />;
}
