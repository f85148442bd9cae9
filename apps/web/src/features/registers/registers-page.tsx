import { businessDay } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { translatedFieldErrors } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { formatCurrency, formatDate } from '../../lib/format.ts';
import { NUM, TABLE, TabLinks, TD, TH } from '../clients/partner-ui.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { getRegister, type Register, type RegisterRow, type VatSummary } from './registers-api.ts';

const RATES = ['25', '13', '5'] as const;

function monthStart(today: string) {
  return `${today.slice(0, 8)}01`;
}

/** /registers/:kind — IRA, URA and the VAT summary for a period, with XLSX and CSV downloads. */
export function RegistersPage({ kind }: { kind: 'ira' | 'ura' | 'vat' }) {
  const { t } = useTranslation('registers');
  const [params, setParams] = useSearchParams();
  const today = businessDay(); // the date in Europe/Zagreb, as invoices are dated (not the UTC date)
  const from = params.get('from') ?? monthStart(today);
  const to = params.get('to') ?? today;
  const period = new URLSearchParams({ from, to }).toString();
  const { data, error, isError, isFetching } = useQuery({
    queryKey: ['registers', kind, period],
    queryFn: ({ signal }) => getRegister(kind, period, signal),
  });
  const set = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {(['xlsx', 'csv'] as const).map((format) => (
              <a
                key={format}
                href={`/api/registers/${kind}.${format}?${period}`}
                className={buttonClasses('outline')}
                data-testid={`register-${format}`}
              >
                <FileDown className="size-4" aria-hidden />
                {t(`download.${format}`)}
              </a>
            ))}
          </div>
        }
      />
      <TabLinks
        label={t('title')}
        tabs={[
          { to: `/registers/ira?${period}`, label: t('tabs.ira') },
          { to: `/registers/ura?${period}`, label: t('tabs.ura') },
          { to: `/registers/vat?${period}`, label: t('tabs.vat') },
        ]}
      />
      <div className="my-3 flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="reg-from">{t('period.from')}</Label>
          <Input id="reg-from" type="date" value={from} onChange={(e) => set('from', e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="reg-to">{t('period.to')}</Label>
          <Input id="reg-to" type="date" value={to} onChange={(e) => set('to', e.target.value)} />
        </div>
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {isFetching ? t('loading') : ''}
        </p>
      </div>
      {isError && (
        <p className="text-danger" role="alert">
          {Object.values(translatedFieldErrors(error, t))[0] ?? t('loadError')}
        </p>
      )}
      {data && kind !== 'vat' && <RegisterTable kind={kind} reg={data as Register} />}
      {data && kind === 'vat' && <VatTable summary={data as VatSummary} />}
    </div>
  );
}

function RegisterTable({ kind, reg }: { kind: 'ira' | 'ura'; reg: Register }) {
  const { t } = useTranslation('registers');
  const money = (v: string) => formatCurrency(v);
  const cells = (r: Pick<RegisterRow, 'buckets' | 'net' | 'vat' | 'total' | 'deductible'>) => (
    <>
      {RATES.map((rate) => (
        <td key={`b${rate}`} className={cn(TD, NUM)}>
          {money(r.buckets[rate].base)}
          <span className="block text-xs text-muted">{money(r.buckets[rate].vat)}</span>
        </td>
      ))}
      <td className={cn(TD, NUM)}>{money(r.buckets['0'].base)}</td>
      <td className={cn(TD, NUM)}>{money(r.buckets.exempt.base)}</td>
      <td className={cn(TD, NUM)}>{money(r.buckets.reverse_charge.base)}</td>
      <td className={cn(TD, NUM)}>{money(r.net)}</td>
      <td className={cn(TD, NUM)}>{money(r.vat)}</td>
      <td className={cn(TD, NUM, 'font-medium')}>{money(r.total)}</td>
      {kind === 'ura' && <td className={cn(TD, NUM)}>{money(r.deductible)}</td>}
    </>
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className={TABLE} data-testid={`register-${kind}`}>
        <thead>
          <tr>
            <th className={TH}>{t('columns.number')}</th>
            <th className={TH}>{t('columns.date')}</th>
            <th className={TH}>{kind === 'ira' ? t('columns.buyer') : t('columns.supplier')}</th>
            <th className={TH}>OIB</th>
            {RATES.map((rate) => (
              <th key={rate} className={cn(TH, NUM)}>
                {t('columns.rate', { rate })}
              </th>
            ))}
            <th className={cn(TH, NUM)}>{t('columns.zero')}</th>
            <th className={cn(TH, NUM)}>{t('columns.exempt')}</th>
            <th className={cn(TH, NUM)}>{t('columns.reverseCharge')}</th>
            <th className={cn(TH, NUM)}>{t('columns.net')}</th>
            <th className={cn(TH, NUM)}>{t('columns.vat')}</th>
            <th className={cn(TH, NUM)}>{t('columns.total')}</th>
            {kind === 'ura' && <th className={cn(TH, NUM)}>{t('columns.deductible')}</th>}
          </tr>
        </thead>
        <tbody>
          {reg.rows.map((r) => (
            <tr key={r.id} data-testid="register-row">
              <td className={TD}>
                <Link
                  to={kind === 'ira' ? `/documents/invoices/${r.id}` : `/suppliers/invoices/${r.id}`}
                  className="text-primary hover:underline"
                >
                  {r.number}
                </Link>
                {r.kind === 'credit_note' && (
                  <span className="block text-xs text-muted">{t('creditNote')}</span>
                )}
                {r.advances && (
                  <span className="block text-xs text-muted" data-testid="register-advance">
                    {t('advanceNote', {
                      numbers: r.advances.numbers.join(', '),
                      net: money(r.advances.net),
                      vat: money(r.advances.vat),
                    })}
                  </span>
                )}
              </td>
              <td className={cn(TD, 'whitespace-nowrap')}>{formatDate(r.date)}</td>
              <td className={TD}>{r.partner}</td>
              <td className={TD}>{r.oib ?? ''}</td>
              {cells(r)}
            </tr>
          ))}
          {reg.rows.length === 0 && (
            <tr>
              <td colSpan={kind === 'ura' ? 15 : 14} className="p-6 text-center text-muted">
                {t('empty')}
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr className="font-semibold" data-testid="register-totals">
            <td className={TD} colSpan={4}>
              {t('columns.totals')}
            </td>
            {cells(reg.totals)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function VatTable({ summary }: { summary: VatSummary }) {
  const { t } = useTranslation('registers');
  const money = (v: string) => formatCurrency(v);
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className={TABLE} data-testid="register-vat">
          <thead>
            <tr>
              <th className={TH}>{t('vat.bucket')}</th>
              <th className={cn(TH, NUM)}>{t('vat.outputBase')}</th>
              <th className={cn(TH, NUM)}>{t('vat.outputVat')}</th>
              <th className={cn(TH, NUM)}>{t('vat.inputBase')}</th>
              <th className={cn(TH, NUM)}>{t('vat.inputVat')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((r) => (
              <tr key={r.bucket}>
                <td className={TD}>{t(`buckets.${r.bucket}`)}</td>
                <td className={cn(TD, NUM)}>{money(r.output_base)}</td>
                <td className={cn(TD, NUM)}>{money(r.output_vat)}</td>
                <td className={cn(TD, NUM)}>{money(r.input_base)}</td>
                <td className={cn(TD, NUM)}>{money(r.input_vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid max-w-md grid-cols-2 gap-1 text-sm" data-testid="vat-payable">
        <dt className="text-muted">{t('vat.output')}</dt>
        <dd className={NUM}>{money(summary.output_vat)}</dd>
        <dt className="text-muted">{t('vat.deductible')}</dt>
        <dd className={NUM}>{money(summary.deductible)}</dd>
        <dt className="font-semibold">{t('vat.payable')}</dt>
        <dd className={cn(NUM, 'font-semibold')}>{money(summary.payable)}</dd>
      </dl>
    </div>
  );
}
