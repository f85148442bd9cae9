import {
  EXPORT_FORMATS,
  EXPORT_LANGUAGES,
  EXPORT_SECTIONS,
  type ExportFormat,
  type ExportJobRequest,
  type ExportLanguage,
  type ExportSection,
  PDF_EXPORT_KINDS,
  type PdfExportKind,
} from '@erp/domain/export/index';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  downloadFile,
  type ExportFile,
  type ExportJobStatus,
  fileUrl,
  useExportFiles,
  useExportJob,
  useImportArchive,
  useStartExport,
} from './export-api.ts';

function useErrorText() {
  const { t } = useTranslation('export');
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.details?.some((d) => d.key === 'export:restore.notEmpty')) return t('restore.notEmpty');
      if (error.code === 'VALIDATION') return t('restore.invalid');
      if (error.code === 'FORBIDDEN') return t('errors.forbidden');
      if (error.code === 'NOT_FOUND') return t('errors.expired');
    }
    return t('errors.failed');
  };
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber((bytes / 1024 / 1024).toFixed(1))} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} kB`;

/** A job's progress bar and status line (exports and restores). */
function JobProgress({
  job,
  testId,
  label,
  statusKey,
}: {
  job: ExportJobStatus | undefined;
  testId: string;
  label: string;
  statusKey: 'job.status' | 'restore.status';
}) {
  const { t } = useTranslation('export');
  const status = job?.status ?? 'queued';
  const percent = Math.round(Number(job?.progress ?? '0') * 100);
  return (
    <>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded bg-surface-2"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted" data-testid={`${testId}-status`} data-status={status}>
        {t(`${statusKey}.${status}`, { percent })}
      </p>
      {job?.progress_total != null ? (
        <p className="text-sm text-muted" data-testid={`${testId}-count`}>
          {t('job.count', {
            done: formatNumber(job.progress_done ?? 0),
            total: formatNumber(job.progress_total),
          })}
        </p>
      ) : null}
    </>
  );
}

/**
 * One section: each button starts an `export.file` job (the rows are read in batches and written
 * by a streaming writer), shows its progress and downloads the file once it is done.
 */
/** The app's language as an export language (Croatian when it is none of the six). */
function fileLanguage(lng: string): ExportLanguage {
  const short = lng.slice(0, 2);
  return (EXPORT_LANGUAGES as readonly string[]).includes(short) ? (short as ExportLanguage) : 'hr';
}

function SectionRow({ section }: { section: ExportSection }) {
  const { t, i18n } = useTranslation('export');
  const { companyId } = useCurrentCompany();
  const errorText = useErrorText();
  const start = useStartExport();
  const [active, setActive] = useState<{ id: string; format: ExportFormat } | null>(null);
  const job = useExportJob(active?.id ?? null);
  const [error, setError] = useState<string | null>(null);
  const downloaded = useRef<string | null>(null);
  const status = job.data?.status;
  const running = start.isPending || (active !== null && status !== 'done' && status !== 'failed');
  const file = status === 'done' ? job.data?.file : null;
  const fetchFile = (id: string) => {
    setError(null);
    downloadFile(fileUrl(id), companyId).catch((e) => setError(errorText(e)));
  };
  // Download when done, once per job (the button below fetches it again).
  useEffect(() => {
    if (!file || !active || downloaded.current === active.id) return;
    downloaded.current = active.id;
    fetchFile(file.id);
  });
  const begin = (format: ExportFormat) => {
    setError(null);
    start.mutate(
      // Headers and values in the user's language (the API's own GET without lang keeps codes).
      { type: 'section', section, format, lang: fileLanguage(i18n.resolvedLanguage ?? i18n.language) },
      {
        onSuccess: (r) => setActive({ id: r.id, format }),
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <li className="space-y-2 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{t(`sections.${section}`)}</span>
        <span className="flex items-center gap-2">
          {EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              size="sm"
              variant="secondary"
              disabled={running}
              aria-label={t('sectionButton', {
                section: t(`sections.${section}`),
                format: format.toUpperCase(),
              })}
              data-testid={`export-${section}-${format}`}
              onClick={() => begin(format)}
            >
              {running && active?.format === format ? <Spinner /> : null}
              {t(`formats.${format}`)}
            </Button>
          ))}
        </span>
      </div>
      {active !== null ? (
        <div className="space-y-1" data-testid={`export-${section}-job`}>
          <JobProgress
            job={job.data}
            testId={`export-${section}`}
            label={t('job.progress')}
            statusKey="job.status"
          />
          {file ? (
            <Button
              size="sm"
              variant="outline"
              data-testid={`export-${section}-download`}
              onClick={() => fetchFile(file.id)}
            >
              {t('job.download', { name: file.filename })}
            </Button>
          ) : null}
          {status === 'failed' && job.data ? (
            <p role="alert" className="text-sm text-danger">
              {exportFailure(job.data, t)}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** Why an export job failed, in the user's language (the server's text is not translated). */
function exportFailure(job: ExportJobStatus, t: (key: string) => string): string {
  if (job.error_code === 'FORBIDDEN') return t('errors.forbidden');
  if (job.error_code === 'VALIDATION') return t('job.invalid');
  return t('job.failed');
}

/** A background export: start button, progress bar while it runs, download when done. */
function JobRunner({ request, label, testId }: { request: ExportJobRequest; label: string; testId: string }) {
  const { t } = useTranslation('export');
  const { companyId } = useCurrentCompany();
  const errorText = useErrorText();
  const start = useStartExport();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const running =
    start.isPending || (jobId !== null && job.data?.status !== 'done' && job.data?.status !== 'failed');
  return (
    <div className="space-y-3">
      <Button
        onClick={() => start.mutate(request, { onSuccess: (r) => setJobId(r.id) })}
        disabled={running}
        data-testid={`${testId}-start`}
      >
        {label}
      </Button>
      {jobId !== null ? (
        <div className="space-y-2" data-testid={`${testId}-job`}>
          <JobProgress job={job.data} testId={testId} label={t('job.progress')} statusKey="job.status" />
          {job.data?.status === 'done' && job.data.file ? (
            <Button
              variant="outline"
              data-testid={`${testId}-download`}
              onClick={() => {
                const file = job.data?.file;
                if (!file) return;
                setDownloadError(null);
                downloadFile(fileUrl(file.id), companyId).catch((e) => setDownloadError(errorText(e)));
              }}
            >
              {t('job.download', { name: job.data.file.filename })}
            </Button>
          ) : null}
          {job.data?.status === 'failed' ? (
            <p role="alert" className="text-sm text-danger" data-testid={`${testId}-error`}>
              {exportFailure(job.data, t)}
            </p>
          ) : null}
          {downloadError ? <p role="alert">{downloadError}</p> : null}
        </div>
      ) : null}
      {start.isError ? <p role="alert">{errorText(start.error)}</p> : null}
    </div>
  );
}

function PdfCard() {
  const { t, i18n } = useTranslation('export');
  const [kinds, setKinds] = useState<PdfExportKind[]>(['invoice']);
  const toggle = (kind: PdfExportKind) =>
    setKinds((list) => (list.includes(kind) ? list.filter((k) => k !== kind) : [...list, kind]));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('pdf.title')}</CardTitle>
        <CardDescription>{t('pdf.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{t('pdf.kinds')}</legend>
          {PDF_EXPORT_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={kinds.includes(kind)} onChange={() => toggle(kind)} />
              {t(`pdf.kind.${kind}`)}
            </label>
          ))}
        </fieldset>
        {kinds.length > 0 ? (
          <JobRunner
            request={{ type: 'pdf', kinds, lang: fileLanguage(i18n.resolvedLanguage ?? i18n.language) }}
            label={t('pdf.start')}
            testId="export-pdf"
          />
        ) : (
          <p className="text-sm text-muted">{t('pdf.chooseKind')}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The failure of a restore job in the user's language (the server's text is not translated). */
function restoreFailure(job: ExportJobStatus, t: (key: string) => string): string {
  if (job.error_code === 'CONFLICT') return t('restore.notEmpty');
  if (job.error_code === 'VALIDATION') return t('restore.invalid');
  if (job.error_code === 'FORBIDDEN') return t('errors.forbidden');
  return t('restore.failed');
}

/**
 * Upload an archive: the server checks it (bad file, company with data: an error at once), stores
 * it and restores it in a background job, in one transaction; progress and outcome show here.
 */
function RestoreCard() {
  const { t } = useTranslation('export');
  const errorText = useErrorText();
  const restore = useImportArchive();
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useExportJob(jobId);
  const status = job.data?.status;
  const running = restore.isPending || (jobId !== null && status !== 'done' && status !== 'failed');
  const submit = async () => {
    if (!file) return;
    setReadError(false);
    setJobId(null);
    let archive: unknown;
    try {
      archive = JSON.parse(await file.text());
    } catch {
      setReadError(true);
      return;
    }
    restore.mutate(archive, { onSuccess: (r) => setJobId(r.id) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('restore.title')}</CardTitle>
        <CardDescription>{t('restore.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t('restore.file')}</span>
          <input
            type="file"
            accept="application/json,.json"
            data-testid="restore-file"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button
          variant="danger"
          disabled={!file || running}
          onClick={() => void submit()}
          data-testid="restore-submit"
        >
          {running ? <Spinner /> : null}
          {t('restore.submit')}
        </Button>
        {readError ? <p role="alert">{t('restore.invalid')}</p> : null}
        {restore.isError ? <p role="alert">{errorText(restore.error)}</p> : null}
        {jobId !== null ? (
          <div className="space-y-2" data-testid="restore-job">
            <JobProgress
              job={job.data}
              testId="restore"
              label={t('restore.progress')}
              statusKey="restore.status"
            />
            {status === 'done' && job.data?.restored ? (
              <p role="status" className="text-success">
                {t('restore.done', { rows: formatNumber(job.data.restored.rows) })}
              </p>
            ) : null}
            {status === 'failed' && job.data ? <p role="alert">{restoreFailure(job.data, t)}</p> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function FilesCard() {
  const { t } = useTranslation('export');
  const { companyId } = useCurrentCompany();
  const errorText = useErrorText();
  const files = useExportFiles();
  const [error, setError] = useState<string | null>(null);
  const get = (f: ExportFile) => {
    setError(null);
    downloadFile(fileUrl(f.id), companyId).catch((e) => setError(errorText(e)));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('files.title')}</CardTitle>
        <CardDescription>{t('files.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {files.isPending ? (
          <Spinner />
        ) : files.isError ? (
          <p role="alert">{errorText(files.error)}</p>
        ) : files.data.length === 0 ? (
          <p className="text-sm text-muted">{t('files.empty')}</p>
        ) : (
          <ul className="divide-y divide-border">
            {files.data.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">{f.filename}</span>{' '}
                  <span className="text-muted">
                    {t('files.meta', {
                      size: sizeText(f.size),
                      expires: formatDateTime(f.expires_at),
                    })}
                  </span>
                </span>
                <Button size="sm" variant="outline" onClick={() => get(f)}>
                  {t('files.download')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {error ? <p role="alert">{error}</p> : null}
      </CardContent>
    </Card>
  );
}

/** /export: sections as CSV or XLSX, documents as PDFs in a zip, the company archive and its restore. */
export function ExportPage() {
  const { t, i18n } = useTranslation('export');
  const mayExport = usePermission('export.run');
  const mayManage = usePermission('company.manage');
  if (!mayExport) {
    return (
      <div className="mx-auto max-w-5xl p-4 sm:p-6">
        <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
        <p className="mt-4 text-muted" data-testid="not-allowed">
          {t('errors.forbidden')}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
        <p className="text-muted">{t('page.intro')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('sectionsCard.title')}</CardTitle>
          <CardDescription>
            {mayManage ? t('sectionsCard.description') : t('sectionsCard.masked')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {EXPORT_SECTIONS.map((section) => (
              <SectionRow key={section} section={section} />
            ))}
          </ul>
        </CardContent>
      </Card>
      <PdfCard />
      {mayManage ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('archive.title')}</CardTitle>
            <CardDescription>{t('archive.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <JobRunner
              request={{ type: 'archive', lang: fileLanguage(i18n.resolvedLanguage ?? i18n.language) }}
              label={t('archive.start')}
              testId="export-archive"
            />
          </CardContent>
        </Card>
      ) : null}
      {mayManage ? <RestoreCard /> : null}
      <FilesCard />
    </div>
  );
}
