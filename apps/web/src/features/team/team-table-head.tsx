import { useTranslation } from 'react-i18next';

/** The head of the members' and the invitations' tables: the columns (translation keys), then the actions column. */
export function TeamTableHead({ columns }: { columns: string[] }) {
  const { t } = useTranslation('team');
  return (
    <thead>
      <tr className="border-b border-border text-left text-xs text-muted">
        {columns.map((key) => (
          <th key={key} scope="col" className="py-2 pr-3 font-medium">
            {t(key)}
          </th>
        ))}
        <th scope="col" className="py-2 text-right font-medium">
          <span className="sr-only">{t('members.actions')}</span>
        </th>
      </tr>
    </thead>
  );
}
