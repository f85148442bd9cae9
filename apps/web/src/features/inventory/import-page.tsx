import { ITEM_IMPORT_TEMPLATE } from '@erp/domain/inventory/item-import';
import { useMutation } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { understoodValues } from './import-values.ts';
import {
  errorText,
  type ImportIssue,
  type ItemImportResult,
  newImportKey,
  uploadItemImport,
  useInvalidateInventory,
} from './inventory-api.ts';
import { Qty, TABLE, TD, TH } from './parts.tsx';

/** Rows drawn at once: the preview of a 5 000-row file lists the rows with problems first. */
const SHOWN = 300;

/** Import of items and opening stock: upload → preview with every row's problems → confirm (all or nothing). */
export function ImportPage() {
  const { t, i18n } = useTranslation('inventory');
  const invalidate = useInvalidateInventory();
  const [file, setFile] = useState<File | null>(null);
  // One key per chosen file: a repeated confirm (double click, lost answer) imports once.
  const [key, setKey] = useState(newImportKey);
  const { companyId } = useCurrentCompany();
  const preview = useMutation({ mutationFn: (f: File) => uploadItemImport(f, false, companyId) });
  const commit = useMutation({
    mutationFn: (f: File) => uploadItemImport(f, true, companyId, key),
    onSuccess: () => invalidate(),
  });
  const result: ItemImportResult | undefined = commit.data ?? preview.data;
  const bad = result?.rows.filter((r) => r.errors.length > 0) ?? [];
  const shown = result ? [...bad, ...result.rows.filter((r) => r.errors.length === 0)].slice(0, SHOWN) : [];
  const issueText = (e: ImportIssue) => t(`common:${e.key}`, { ...(e.params ?? {}) });
  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${ITEM_IMPORT_TEMPLATE.join(';')}\n`)}`;

  return (
    <section aria-labelledby="import-title" className="max-w-5xl space-y-4">
      <div>
        <h2 id="import-title" className="text-lg font-semibold">
          {t('import.title')}
        </h2>
        <p className="text-sm text-muted">{t('import.description')}</p>
      </div>
      <div className="grid gap-2 rounded-md border border-border p-4">
        <label htmlFor="item-import-file" className="text-sm font-medium">
          {t('import.file')}
        </label>
        <input
          id="item-import-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            setFile(f);
            setKey(newImportKey());
            commit.reset();
            if (f) preview.mutate(f);
          }}
        />
        <p className="text-xs text-muted">{t('import.columns')}</p>
        <p className="text-xs text-muted">{t('import.rules')}</p>
        <a
          className="text-sm text-primary hover:underline"
          href={templateHref}
          download="artikli-predlozak.csv"
        >
          {t('import.template')}
        </a>
      </div>
      {(preview.error || commit.error) && (
        <p role="alert" className="text-sm text-danger">
          {errorText(t, commit.error ?? preview.error)}
        </p>
      )}
      {preview.isPending && <p className="text-sm text-muted">{t('common.loading')}</p>}
      {result && (
        <div aria-live="polite" className="space-y-3">
          {result.committed ? (
            <p role="status" className="font-medium text-success" data-testid="import-done">
              {t('import.done', { count: result.created, lines: result.stock_lines })}
            </p>
          ) : (
            <p
              role="status"
              data-testid="import-summary"
              className={cn('text-sm', result.valid ? 'text-foreground' : 'font-medium text-danger')}
            >
              {result.valid
                ? t('import.ready', { count: result.total })
                : t('import.invalid', { count: bad.length + (result.file_errors.length ? 1 : 0) })}
            </p>
          )}
          {result.file_errors.length > 0 && (
            <ul className="list-disc pl-5 text-sm text-danger" data-testid="import-file-errors">
              {result.file_errors.map((e) => (
                <li key={`${e.field}-${e.key}`}>{issueText(e)}</li>
              ))}
            </ul>
          )}
          {shown.length > 0 && (
            <table className={TABLE} data-testid="import-preview">
              <thead>
                <tr>
                  <th className={TH}>{t('import.line')}</th>
                  <th className={TH}>{t('items.sku')}</th>
                  <th className={TH}>{t('items.name')}</th>
                  <th className={TH}>{t('items.location')}</th>
                  <th className={cn(TH, 'text-right')}>{t('items.quantity')}</th>
                  <th className={TH}>{t('import.understood')}</th>
                  <th className={TH}>{t('import.problems')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr
                    key={r.line}
                    data-testid={`import-row-${r.line}`}
                    className={r.errors.length ? 'bg-danger-soft' : undefined}
                  >
                    <td className={TD}>{r.line}</td>
                    <td className={TD}>{r.sku}</td>
                    <td className={TD}>{r.name}</td>
                    <td className={TD}>{r.location}</td>
                    <td className={cn(TD, 'text-right tabular-nums')}>
                      <Qty value={r.quantity} />
                    </td>
                    <td className={TD}>
                      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs" data-testid="import-values">
                        {understoodValues(t, i18n.language, result.columns, r.values).map((v) => (
                          <Fragment key={v.field}>
                            <dt className="text-muted">{v.label}</dt>
                            <dd>{v.text}</dd>
                          </Fragment>
                        ))}
                      </dl>
                    </td>
                    <td className={TD}>
                      <ul>
                        {r.errors.map((e) => (
                          <li key={`${e.field}-${e.key}`} className="text-danger">
                            {e.column ? `${t('import.column', { column: e.column })}: ` : ''}
                            {issueText(e)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {result.rows.length > shown.length && (
            <p className="text-xs text-muted">
              {t('import.shown', { shown: shown.length, total: result.rows.length })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {!result.committed && (
              <Button
                type="button"
                disabled={!result.valid || !file}
                loading={commit.isPending}
                onClick={() => file && commit.mutate(file)}
              >
                {t('import.commit', { count: result.total })}
              </Button>
            )}
            {result.committed && (
              <Link to="/inventory/items" className={buttonClasses('outline')}>
                {t('import.toItems')}
              </Link>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
