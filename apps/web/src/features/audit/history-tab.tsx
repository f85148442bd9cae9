import { useTranslation } from 'react-i18next';
import { RecordHistory } from './record-history.tsx';

/** A "change history" tab for pages built with tab lists (partners' extraTabs and the like). */
export function useHistoryTab(table: string) {
  const { t } = useTranslation('audit');
  return {
    path: 'audit',
    label: t('history.tab'),
    element: (record: { id: string }) => <RecordHistory table={table} id={record.id} />,
  };
}
