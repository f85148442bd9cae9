import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DelayedSkeleton } from '../../components/editing/delayed.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatDate, formatUnit } from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { LabelsButton } from '../warehouse-scan/labels-button.tsx';
import { type Lot, type TraceRow, useLot, useLots } from './inventory-api.ts';
import { MovementTable } from './movement-table.tsx';
import { FilterBox, INVENTORY_TABLE, ItemLink, NUM, Qty } from './parts.tsx';
import { Pieces, pieceSizeText } from './pieces.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const LOTS_LIST = defineList({
  key: 'lots',
  columns: ['lot', 'sku', 'supplier', 'received', 'expires', 'quantity', 'pieces'],
  fixed: ['lot'],
  bulk: true,
});

export function LotsPage() {
  const { t, i18n } = useTranslation('inventory');
  /** Dates in the user's locale format, not ISO (issue 22). */
  const day = (d: string) => formatDate(d, i18n.language);
  const list = useList(LOTS_LIST);
  const q = list.get('q') ?? '';
  const query = new URLSearchParams(q ? { q } : {});
  const { data: lots = [] } = useLots(query);
  // Issue 12: saved views, hideable columns (the lot number is the link), selection and CSV.
  const columns: ColumnDefs<typeof LOTS_LIST, Lot> = {
    lot: {
      label: t('lots.lot'),
      cell: (l) => (
        <Link className="font-medium text-primary hover:underline" to={`/inventory/lots/${l.id}`}>
          {l.lot_number}
        </Link>
      ),
      text: (l) => l.lot_number,
    },
    sku: {
      label: t('items.sku'),
      cell: (l) => <ItemLink id={l.item_id} sku={l.sku} />,
      text: (l) => l.sku,
    },
    received: { label: t('lots.received'), cell: (l) => day(l.received_on), text: (l) => l.received_on },
    expires: {
      label: t('lots.expires'),
      cell: (l) => (l.expires_on ? day(l.expires_on) : ''),
      text: (l) => l.expires_on ?? '',
    },
    supplier: {
      label: t('lots.supplier'),
      cell: (l) => l.supplier_name ?? '',
      text: (l) => l.supplier_name ?? '',
    },
    quantity: {
      label: t('items.quantity'),
      className: NUM,
      cell: (l) => (
        <>
          <Qty value={l.quantity} /> {formatUnit(l.base_unit ?? '')}
        </>
      ),
      text: (l) => l.quantity,
    },
    // Sheets and bars: whole pieces; a remnant with its own size.
    pieces: {
      label: t('pieces.column'),
      cell: (l) => (
        <>
          <Pieces pieces={l.pieces} />
          {l.remnant ? ` · ${t('pieces.remnant', { size: pieceSizeText(l.length_mm, l.width_mm) })}` : ''}
        </>
      ),
      text: (l) => (l.pieces == null ? '' : String(l.pieces)),
    },
  };
  return (
    <div className="space-y-3">
      <FilterBox className="w-64">
        <Input
          type="search"
          aria-label={t('lots.search')}
          placeholder={t('lots.search')}
          defaultValue={q}
          onChange={(e) => list.set('q', e.target.value, { replace: true })}
        />
      </FilterBox>
      <DataTable
        list={list}
        columns={columns}
        rows={lots}
        total={lots.length}
        rowLabel={(l) => l.lot_number}
        testId="lots"
        styles={INVENTORY_TABLE}
      />
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
  const { t, i18n } = useTranslation('inventory');
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
        <ItemLink id={lot.item_id} sku={lot.sku} /> · {lot.item_name} · {t('lots.received')}{' '}
        {formatDate(lot.received_on, i18n.language)}
        {lot.supplier_name ? ` · ${t('lots.supplier')} ${lot.supplier_name}` : ''}
        {lot.expires_on ? ` · ${t('lots.expires')} ${formatDate(lot.expires_on, i18n.language)}` : ''} ·{' '}
        {t('items.onHand')} <Qty value={lot.quantity} /> {formatUnit(lot.base_unit)}
        {lot.pieces != null ? ' · ' : ''}
        <Pieces pieces={lot.pieces} />
      </p>
      {lot.remnant ? (
        <p className="text-sm" data-testid="lot-remnant">
          {t('pieces.remnant', { size: pieceSizeText(lot.length_mm, lot.width_mm) })}
          {lot.parent_lot_id ? (
            <>
              {' · '}
              {t('pieces.cutFrom')}{' '}
              <Link className="text-primary hover:underline" to={`/inventory/lots/${lot.parent_lot_id}`}>
                {lot.parent_lot_number}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Trace title={t('lots.madeFrom')} rows={data.made_from} />
        <Trace title={t('lots.producedInto')} rows={data.produced_into} />
      </div>
      <h3 className="font-semibold">{t('movements.title')}</h3>
      <MovementTable movements={data.movements} />
    </div>
  );
}
