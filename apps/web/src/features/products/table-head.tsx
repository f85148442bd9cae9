import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/** One column of a production table's head: its translation key, right-aligned, or read out only. */
export type HeadColumn = { key: string; right?: boolean; srOnly?: boolean } | '#';

/** The head of the BOM, routing and cost preview tables (`cell`: the padding of each heading). */
export function ProductionTableHead({ cell, columns }: { cell: string; columns: HeadColumn[] }) {
  const { t } = useTranslation('production');
  return (
    <thead className="border-b border-border text-xs uppercase text-muted">
      <tr>
        {columns.map((c) =>
          c === '#' ? (
            <th key="#" scope="col" className={cell}>
              #
            </th>
          ) : (
            <th key={c.key} scope="col" className={cn(cell, c.right && 'text-right')}>
              {c.srOnly ? <span className="sr-only">{t(c.key)}</span> : t(c.key)}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
