import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { cn } from '../../lib/cn.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { apiErrorMessages, TABLE, TD, TH } from './partner-ui.tsx';
import { type ImportResult, PATH, type PartnerRole, partnerKeys, uploadImport } from './partners-api.ts';

/** Import from CSV/XLSX: a preview with every row's problems first; nothing is written unless all rows are valid. */
export function PartnerImportPage({ list: role }: { list: PartnerRole }) {
  const { t } = useTranslation('partners');
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const preview = useMutation({ mutationFn: (f: File) => uploadImport(role, f, false) });
  const commit = useMutation({
    mutationFn: (f: File) => uploadImport(role, f, true),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.role(role) }),
  });
  const result: ImportResult | undefined = commit.data ?? preview.data;
  const errorCount = result?.rows.filter((r) => r.errors.length > 0).length ?? 0;
  return (
    <div>
      <PageHeader
        title={t(`import.title${role === 'client' ? 'Clients' : 'Suppliers'}`)}
        description={t('import.description')}
      />
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <label htmlFor="import-file" className="text-sm font-medium">
            {t('import.file')}
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              commit.reset();
              if (f) preview.mutate(f);
            }}
          />
          <p className="text-xs text-muted">{t('import.columns')}</p>
        </CardContent>
      </Card>
      <FormErrors messages={apiErrorMessages(preview.error ?? commit.error, t)} className="mt-4" />
      {result && (
        <section className="mt-4" aria-live="polite">
          {result.committed ? (
            <p role="status" className="mb-3 font-medium text-success" data-testid="import-done">
              {t('import.done', { count: result.created })}
            </p>
          ) : (
            <p role="status" className={cn('mb-3 text-sm', result.valid ? 'text-foreground' : 'text-danger')}>
              {result.valid
                ? t('import.ready', { count: result.total })
                : t('import.invalid', { count: errorCount })}
            </p>
          )}
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>{t('import.line')}</th>
                <th className={TH}>{t('fields.name')}</th>
                <th className={TH}>{t('fields.oib')}</th>
                <th className={TH}>{t('import.problems')}</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.line} className={r.errors.length ? 'bg-danger-soft' : undefined}>
                  <td className={TD}>{r.line}</td>
                  <td className={TD}>{r.name}</td>
                  <td className={TD}>{r.oib}</td>
                  <td className={TD}>
                    <ul>
                      {r.errors.map((e) => (
                        <li key={`${e.field}-${e.key}`} className="text-danger">
                          {t(`fields.${e.field}`, { defaultValue: e.field })}:{' '}
                          {t(`common:${e.key}`, e.params ?? {})}
                        </li>
                      ))}
                      {r.warnings.map((w) => (
                        <li key={w.id} className="text-warning">
                          {t('import.similar', { name: w.name })}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 flex gap-2">
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
            <Link to={PATH[role]} className={buttonClasses('outline')}>
              {t('import.backToList')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
