import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { DelayedSkeleton } from '../../components/editing/delayed.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { LabelsButton } from '../warehouse-scan/labels-button.tsx';
import { type TraceRow, useLot, useLots } from './inventory-api.ts';
import { MovementTable } from './movement-table.tsx';
import { FilterBox, ItemLink, NUM, Qty, TABLE, TD, TH } from './parts.tsx';

export function LotsPage() {
  const { t } = useTranslation('inventory');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const query = new URLSearchParams(q ? { q } : {});
  const { data: lots = [] } = useLots(query);
  return (
    <div className="space-y-3">
      <FilterBox className="w-64">
        <Input
          type="search"
          aria-label={t('lots.search')}
          placeholder={t('lots.search')}
          defaultValue={q}
          onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
        />
      </FilterBox>
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>{t('lots.lot')}</th>
            <th className={TH}>{t('items.sku')}</th>
            <th className={TH}>{t('lots.received')}</th>
            <th className={TH}>{t('lots.expires')}</th>
            <th className={cn(TH, NUM)}>{t('items.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((l) => (
            <tr key={l.id}>
              <td className={TD}>
                <Link className="font-medium text-primary hover:underline" to={`/inventory/lots/${l.id}`}>
                  {l.lot_number}
                </Link>
              </td>
              <td className={TD}>
                <ItemLink id={l.item_id} sku={l.sku} />
              </td>
              <td className={TD}>{l.received_on}</td>
              <td className={TD}>{l.expires_on}</td>
              <td className={cn(TD, NUM)}>
                <Qty value={l.quantity} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Trace({ title, rows }: { title: string; rows: TraceRow[] }) {
  const { t } = useTranslation('inventory');
  return (
    <section>
      <h3 className="mb-1 font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('lots.noTrace')}</p>
      ) : (
        <ul className="text-sm">
          {rows.map((r) => (
            <li key={r.lot_id} style={{ paddingLeft: `${(r.depth - 1) * 1.25}rem` }}>
              <Link className="text-primary hover:underline" to={`/inventory/lots/${r.lot_id}`}>
                {r.lot_number}
              </Link>{' '}
              · {r.sku} {r.item_name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LotDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation('inventory');
  const { data } = useLot(id);
  if (!data) return <DelayedSkeleton loading rows={6} />;
  const { lot } = data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-xl font-semibold">
          {t('lots.lot')} {lot.lot_number}
        </h2>
        <LabelsButton kind="lot" ids={[lot.id]} name={lot.lot_number} />
      </div>
      <p className="text-sm text-muted">
        <ItemLink id={lot.item_id} sku={lot.sku} /> · {lot.item_name} · {t('lots.received')} {lot.received_on}
        {lot.expires_on ? ` · ${t('lots.expires')} ${lot.expires_on}` : ''} · {t('items.onHand')}{' '}
        <Qty value={lot.quantity} />
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Trace title={t('lots.madeFrom')} rows={data.made_from} />
        <Trace title={t('lots.producedInto')} rows={data.produced_into} />
      </div>
      <h3 className="font-semibold">{t('movements.title')}</h3>
      <MovementTable movements={data.movements} />
    </div>
  );
}
