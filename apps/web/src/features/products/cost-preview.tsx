import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import {
  formatCurrency,
  formatNumber,
  formatQuantity,
  formatUnit,
  numberInputToApi,
} from '../../lib/format.ts';
import { errorMessages, missingSizes } from './error-messages.ts';
import { useCost } from './products-api.ts';
import { ProductionTableHead } from './table-head.tsx';

/** Quantities at most 4 decimals, as everywhere (the explosion computes 6). */
const qty = (v: string) => formatQuantity(v);

const DECIMAL = /^\d{1,12}([.,]\d{1,6})?$/;
const FIELDS = [
  ['W', ''],
  ['H', ''],
  ['qty', '1'],
  ['margin', '25'],
] as const;

/** Explosion and cost for entered W × H, quantity and margin; the inputs live in the URL. */
export function CostPreview({ productId, bomId }: { productId: string; bomId: string }) {
  const { t } = useTranslation('production');
  const [search, setSearch] = useSearchParams();
  const read = () =>
    Object.fromEntries(FIELDS.map(([k, d]) => [k, search.get(k) ?? d])) as Record<string, string>;
  const [form, setForm] = useState(read);
  const [applied, setApplied] = useState(read);
  // Debounce typing into the query (and the URL) so each keystroke does not hit the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing (form) should write the URL, not URL changes themselves
  useEffect(() => {
    const timer = setTimeout(() => {
      setApplied(form);
      const next = new URLSearchParams(search);
      for (const [k, d] of FIELDS) {
        if (form[k] && form[k] !== d) next.set(k, form[k] as string);
        else next.delete(k);
      }
      setSearch(next, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [form]);
  const norm = (s: string | undefined) => numberInputToApi(s ?? '');
  const valid = FIELDS.every(([k]) => applied[k] === '' || DECIMAL.test((applied[k] ?? '').trim()));
  const params: Record<string, string> = {
    bomId,
    quantity: norm(applied.qty) || '1',
    marginPct: norm(applied.margin) || '0',
  };
  if (applied.W) params.W = norm(applied.W);
  if (applied.H) params.H = norm(applied.H);
  const cost = useCost(productId, params, valid);
  const data = cost.data;
  const money = (v: string) => formatCurrency(v);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        {(
          [
            ['W', t('preview.width')],
            ['H', t('preview.height')],
            ['qty', t('preview.quantity')],
            ['margin', t('preview.margin')],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="w-28">
            <Label htmlFor={`preview-${key}`}>{label}</Label>
            <Input
              id={`preview-${key}`}
              inputMode="decimal"
              value={form[key]}
              invalid={form[key] !== '' && !DECIMAL.test((form[key] ?? '').trim())}
              onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
            />
          </div>
        ))}
      </div>
      {missingSizes(cost.error, applied).length > 0 ? (
        <p className="rounded-md bg-info-soft p-2 text-sm text-foreground" data-testid="preview-size-hint">
          {t('preview.enterSize')}
        </p>
      ) : (
        <FormErrors messages={errorMessages(cost.error, t)} />
      )}
      {data && (
        <>
          <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-live="polite">
            <Figure label={t('cost.materials')} value={money(data.cost.materialCost)} />
            <Figure label={t('cost.labour')} value={money(data.cost.labourCost)} />
            <Figure label={t('cost.total')} value={money(data.cost.totalCost)} testId="cost-total" />
            <Figure label={t('cost.unit')} value={money(data.cost.unitCost)} testId="cost-unit" />
            <Figure
              label={t('cost.suggestedUnit')}
              value={money(data.cost.suggestedUnitPrice)}
              testId="price-unit"
              strong
            />
            <Figure label={t('cost.suggestedTotal')} value={money(data.cost.suggestedTotalPrice)} />
          </dl>
          {data.cost.materials.some((m) => m.missingCost) && (
            <p className="rounded-md bg-warning-soft p-2 text-sm text-warning">{t('cost.missingCosts')}</p>
          )}
          <section>
            <h3 className="mb-2 text-sm font-semibold">{t('preview.tree')}</h3>
            <table className="w-full text-left text-sm" data-testid="explosion-tree">
              <ProductionTableHead
                cell="px-2 py-1"
                columns={[
                  { key: 'fields.componentId' },
                  { key: 'preview.perUnit', right: true },
                  { key: 'fields.scrapPct', right: true },
                  { key: 'preview.total', right: true },
                  { key: 'fields.unit' },
                ]}
              />
              <tbody>
                {data.tree.slice(1).map((n, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same item may appear on several rows
                  <tr key={i} className="border-b border-border last:border-0">
                    <td className="px-2 py-1" style={{ paddingLeft: `${n.level * 1.25}rem` }}>
                      <span className="font-mono">{n.sku}</span> <span className="text-muted">{n.name}</span>
                      {n.made && n.width && n.height && (
                        <span className="ml-2 text-xs text-muted">
                          {t('preview.size', { w: formatNumber(n.width), h: formatNumber(n.height) })}
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{qty(n.perUnit)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{qty(n.scrapPct)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{qty(n.quantity)}</td>
                    <td className="px-2 py-1">{formatUnit(n.unit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.treeTruncated && <p className="text-xs text-muted">{t('preview.truncated')}</p>}
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold">{t('preview.requirements')}</h3>
            <table className="w-full text-left text-sm" data-testid="cost-materials">
              <ProductionTableHead
                cell="px-2 py-1"
                columns={[
                  { key: 'fields.componentId' },
                  { key: 'preview.total', right: true },
                  { key: 'preview.ofWhichScrap', right: true },
                  { key: 'fields.unit' },
                  { key: 'cost.averageCost', right: true },
                  { key: 'cost.amount', right: true },
                ]}
              />
              <tbody>
                {data.cost.materials.map((m, i) => (
                  <tr key={`${m.itemId}-${m.unit}`} className="border-b border-border last:border-0">
                    <td className="px-2 py-1">
                      <span className="font-mono">{m.sku}</span> <span className="text-muted">{m.name}</span>
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{qty(m.quantity)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">
                      {qty(data.requirements[i]?.scrapQuantity ?? '0')}
                    </td>
                    <td className="px-2 py-1">{formatUnit(m.unit)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">
                      {m.missingCost ? t('cost.noCost') : money(m.unitCost)}
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(m.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold">{t('cost.labourTitle')}</h3>
            <table className="w-full text-left text-sm">
              <ProductionTableHead
                cell="px-2 py-1"
                columns={[
                  { key: 'fields.processId' },
                  { key: 'cost.forItem' },
                  { key: 'cost.minutes', right: true },
                  { key: 'cost.amount', right: true },
                ]}
              />
              <tbody>
                {data.cost.labour.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a process may repeat in a routing
                  <tr key={i} className="border-b border-border last:border-0">
                    <td className="px-2 py-1">
                      <span className="font-mono">{l.processCode}</span> {l.processName}
                    </td>
                    <td className="px-2 py-1 font-mono">{l.sku}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{qty(l.minutes)}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{money(l.amount)}</td>
                  </tr>
                ))}
                {data.cost.labour.length === 0 && (
                  <tr>
                    <td colSpan={4} className="px-2 py-3 text-center text-muted">
                      {t('cost.noLabour')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={`tabular-nums ${strong ? 'text-lg font-semibold text-primary' : 'text-base font-medium'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
