import type { CuttingJobInput } from '@erp/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { type JobDetail, type StockRow, useSetStock, useStock } from './cutting-api.ts';

const intOf = (s: string): number => Number.parseInt(s.replace(/\s/g, ''), 10);

/** The pieces of a job as stored (read-only), e.g. the panes taken from a work order. */
export function PiecesCard({ job }: { job: JobDetail }) {
  const { t } = useTranslation('cutting');
  const is2d = job.kind === '2d';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('form.pieces')}</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm" data-testid="job-pieces">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1">{t('form.ref')}</th>
              <th>{t('form.label')}</th>
              <th className="text-right">
                {is2d ? `${t('form.width')} × ${t('form.height')}` : t('form.length')}
              </th>
              <th className="text-right">{t('form.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {job.input.pieces.map((p) => (
              <tr key={p.ref} className="border-t border-border">
                <td className="py-1">{p.ref}</td>
                <td>{p.label ?? ''}</td>
                <td className="text-right">{is2d ? `${p.width} × ${p.height}` : p.length}</td>
                <td className="text-right">{p.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

/**
 * Picking the stock of a job that has none yet (a list made from a work order): sheets from
 * inventory and/or one size typed in, as on the new-list form. Saving stores it on the job.
 */
export function StockPicker({ job }: { job: JobDetail }) {
  const { t } = useTranslation('cutting');
  const kind = job.kind;
  const stock = useStock(kind);
  const save = useSetStock(job.id);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [manual, setManual] = useState({ ref: '', a: '', b: '', quantity: '' });
  const [error, setError] = useState<string | null>(null);
  const stockKey = (s: StockRow) => `${s.item_id}/${s.location_id}/${s.lot_id ?? ''}`;
  const dimA = kind === '1d' ? t('form.length') : t('form.width');

  const submit = () => {
    setError(null);
    const fromInventory = (stock.data ?? []).filter((s) => picked.has(stockKey(s)));
    const lines: CuttingJobInput['stock'] = [
      ...fromInventory.map((s) => ({
        ref: `${s.sku}${s.lot_number ? `/${s.lot_number}` : ''}@${s.location_code}`.slice(0, 40),
        label: s.name,
        item_id: s.item_id,
        lot_id: s.lot_id,
        location_id: s.location_id,
        ...(kind === '1d' ? { length: s.length } : { width: s.length, height: s.width ?? 0 }),
        quantity: s.quantity,
        remnant: s.remnant,
      })),
      ...(manual.ref.trim()
        ? [
            {
              ref: manual.ref.trim(),
              ...(kind === '1d'
                ? { length: intOf(manual.a) }
                : { width: intOf(manual.a), height: intOf(manual.b) }),
              quantity: manual.quantity.trim() ? intOf(manual.quantity) : null,
              remnant: false,
            },
          ]
        : []),
    ];
    if (lines.length === 0) {
      setError(t('workOrder.pickStock'));
      return;
    }
    save.mutate(lines, {
      onError: (e) =>
        setError(
          e instanceof ApiError && e.details?.length
            ? e.details.map((d) => `${d.field}: ${t(`common:${d.key}`)}`).join(' · ')
            : t('errors.save'),
        ),
    });
  };

  return (
    <Card data-testid="stock-picker">
      <CardHeader>
        <CardTitle className="text-base">{t('form.stock')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm">{t('workOrder.pickStock')}</p>
        {stock.data && stock.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('form.noInventoryStock')}</p>
        ) : null}
        {(stock.data ?? []).map((s) => (
          <label key={stockKey(s)} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={picked.has(stockKey(s))}
              onChange={(e) =>
                setPicked((set) => {
                  const next = new Set(set);
                  if (e.target.checked) next.add(stockKey(s));
                  else next.delete(stockKey(s));
                  return next;
                })
              }
            />
            {`${s.sku} · ${s.name} · ${s.length}${s.width ? ` × ${s.width}` : ''} mm · ${s.location_code}${s.lot_number ? ` · ${s.lot_number}` : ''} · ${s.quantity}`}
            {s.remnant ? <span className="rounded bg-accent px-1.5 text-xs">{t('form.remnant')}</span> : null}
          </label>
        ))}
        <p className="text-sm text-muted-foreground">{t('form.manualStock')}</p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Input
            aria-label={t('form.stockRef')}
            placeholder={t('form.stockRef')}
            value={manual.ref}
            onChange={(e) => setManual({ ...manual, ref: e.target.value })}
          />
          <Input
            aria-label={`${t('form.stockRef')} ${dimA}`}
            placeholder={dimA}
            inputMode="numeric"
            value={manual.a}
            onChange={(e) => setManual({ ...manual, a: e.target.value })}
          />
          {kind === '2d' ? (
            <Input
              aria-label={`${t('form.stockRef')} ${t('form.height')}`}
              placeholder={t('form.height')}
              inputMode="numeric"
              value={manual.b}
              onChange={(e) => setManual({ ...manual, b: e.target.value })}
            />
          ) : (
            <span />
          )}
          <Input
            aria-label={t('form.stockQuantity')}
            placeholder={t('form.stockQuantity')}
            inputMode="numeric"
            value={manual.quantity}
            onChange={(e) => setManual({ ...manual, quantity: e.target.value })}
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button onClick={submit} disabled={save.isPending}>
          {t('workOrder.saveStock')}
        </Button>
      </CardContent>
    </Card>
  );
}
