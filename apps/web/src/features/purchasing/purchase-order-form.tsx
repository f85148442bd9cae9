import { poInputSchema, poTotals } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { api } from '../../lib/api.ts';
import { formatCurrency } from '../../lib/format.ts';
import type { PartnerPage } from '../clients/partners-api.ts';
import { apiErrorMessages, Field, NUM, selectClasses, TABLE, TD, TH } from '../clients/partner-ui.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { useItemSearch } from '../suppliers/supplier-items.tsx';
import { type Order, useOrder, usePurchasingMutation } from './purchasing-api.ts';

type Line = {
  item_id: string;
  sku: string;
  name: string;
  quantity: string;
  unit: string;
  unit_price: string;
  vat_rate: string;
};
const VAT_RATES = ['25', '13', '5', '0'];

/** The line's net with the same exact rule the server stores (null while the input is not a number). */
function lineNet(l: Line): string | null {
  const quantity = l.quantity.trim().replace(',', '.');
  const unitPrice = l.unit_price.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(quantity) || !/^\d+(\.\d+)?$/.test(unitPrice)) return null;
  return poTotals([{ quantity, unit_price: unitPrice, vat_rate: l.vat_rate }]).net;
}

export function PurchaseOrderFormPage() {
  const { id } = useParams();
  const { data, isLoading } = useOrder(id);
  if (id && (isLoading || !data)) return null;
  return <PurchaseOrderForm key={id ?? 'new'} initial={data} />;
}

function PurchaseOrderForm({ initial }: { initial?: Order }) {
  const { t } = useTranslation('purchasing');
  const navigate = useNavigate();
  const [supplierId, setSupplierId] = useState(initial?.supplier_id ?? '');
  const [expectedOn, setExpectedOn] = useState(initial?.expected_on ?? '');
  const [note, setNote] = useState(initial?.note ?? '');
  const [lines, setLines] = useState<Line[]>(
    initial?.lines.map((l) => ({
      item_id: l.item_id,
      sku: l.sku,
      name: l.item_name,
      quantity: l.quantity,
      unit: l.unit,
      unit_price: l.unit_price,
      vat_rate: l.vat_rate,
    })) ?? [],
  );
  const [q, setQ] = useState('');
  const [clientErrors, setClientErrors] = useState<string[]>([]);
  const { data: hits = [] } = useItemSearch(q);
  const { data: suppliers } = useQuery({
    queryKey: ['partners', 'supplier', 'options'],
    queryFn: ({ signal }) => api<PartnerPage>('/api/suppliers?page_size=200&sort=name', { signal }),
  });
  const save = usePurchasingMutation((body: unknown) =>
    initial
      ? api<Order>(`/api/purchase-orders/${initial.id}`, { method: 'PUT', body })
      : api<Order>('/api/purchase-orders', { method: 'POST', body }),
  );
  const edit = (i: number, key: keyof Line, value: string) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, [key]: value } : l)));
  const body = () => ({
    supplier_id: supplierId,
    expected_on: expectedOn || null,
    note,
    lines: lines.map((l) => ({
      item_id: l.item_id,
      quantity: l.quantity,
      unit: l.unit || null,
      unit_price: l.unit_price || '0',
      vat_rate: l.vat_rate,
    })),
  });
  const label = (field: string) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(field);
    if (m)
      return t('form.lineField', { n: Number(m[1]) + 1, field: t(`fields.${m[2]}`, { defaultValue: m[2] }) });
    return t(`fields.${field}`, { defaultValue: '' });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = poInputSchema.safeParse(body());
    if (!parsed.success) {
      setClientErrors(
        parsed.error.issues.map(
          (i) => `${label(i.path.join('.'))}${i.path.length ? ': ' : ''}${t(`common:${i.message}`)}`,
        ),
      );
      return;
    }
    setClientErrors([]);
    save.mutate(body(), { onSuccess: (o) => navigate(`/suppliers/orders/${o.id}`) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader title={initial ? t('form.editTitle') : t('list.new')} />
      <FormErrors
        messages={clientErrors.length ? clientErrors : apiErrorMessages(save.error, t, label)}
        className="mb-4"
      />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id="po-supplier" label={t('fields.supplier')}>
              <select
                id="po-supplier"
                className={`${selectClasses} w-full`}
                value={supplierId}
                onChange={(e) => setSupplierId(e.target.value)}
              >
                <option value="">{t('form.chooseSupplier')}</option>
                {suppliers?.rows.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="po-expected" label={t('fields.expectedOn')}>
              <Input
                id="po-expected"
                type="date"
                value={expectedOn}
                onChange={(e) => setExpectedOn(e.target.value)}
              />
            </Field>
          </div>
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={TH}>{t('fields.item')}</th>
                <th className={TH}>{t('fields.quantity')}</th>
                <th className={TH}>{t('fields.unit')}</th>
                <th className={TH}>{t('fields.unit_price')}</th>
                <th className={TH}>{t('fields.vat_rate')}</th>
                <th className={`${TH} ${NUM}`}>{t('fields.net')}</th>
                <th className={TH} />
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => {
                const net = lineNet(l);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same item may appear on two lines
                  <tr key={i}>
                    <td className={TD}>
                      <span className="font-medium">{l.sku}</span>{' '}
                      <span className="text-muted">{l.name}</span>
                    </td>
                    <td className={TD}>
                      <Input
                        aria-label={t('form.lineField', { n: i + 1, field: t('fields.quantity') })}
                        inputMode="decimal"
                        value={l.quantity}
                        onChange={(e) => edit(i, 'quantity', e.target.value)}
                      />
                    </td>
                    <td className={TD}>
                      <Input
                        aria-label={t('form.lineField', { n: i + 1, field: t('fields.unit') })}
                        className="w-20"
                        value={l.unit}
                        onChange={(e) => edit(i, 'unit', e.target.value)}
                      />
                    </td>
                    <td className={TD}>
                      <Input
                        aria-label={t('form.lineField', { n: i + 1, field: t('fields.unit_price') })}
                        inputMode="decimal"
                        value={l.unit_price}
                        onChange={(e) => edit(i, 'unit_price', e.target.value)}
                      />
                    </td>
                    <td className={TD}>
                      <select
                        aria-label={t('form.lineField', { n: i + 1, field: t('fields.vat_rate') })}
                        className={selectClasses}
                        value={l.vat_rate}
                        onChange={(e) => edit(i, 'vat_rate', e.target.value)}
                      >
                        {[...new Set([...VAT_RATES, l.vat_rate])].map((r) => (
                          <option key={r} value={r}>
                            {r} %
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className={`${TD} ${NUM}`}>{net ? formatCurrency(net) : ''}</td>
                    <td className={TD}>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={t('form.removeLine', { n: i + 1 })}
                        onClick={() => setLines(lines.filter((_, j) => j !== i))}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              className="w-72"
              type="search"
              aria-label={t('form.addItem')}
              placeholder={t('form.addItem')}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            {hits.slice(0, 6).map((h) => (
              <Button
                key={h.id}
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => {
                  setLines([
                    ...lines,
                    {
                      item_id: h.id,
                      sku: h.sku,
                      name: h.name,
                      quantity: '1',
                      unit: h.base_unit,
                      unit_price: '0',
                      vat_rate: '25',
                    },
                  ]);
                  setQ('');
                }}
              >
                {h.sku} · {h.name}
              </Button>
            ))}
          </div>
          <Field id="po-note" label={t('fields.note')}>
            <Textarea id="po-note" value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
        </CardContent>
      </Card>
      <div className="mt-4 flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {t('form.saveDraft')}
        </Button>
        <Link
          to={initial ? `/suppliers/orders/${initial.id}` : '/suppliers/orders'}
          className={buttonClasses('outline')}
        >
          {t('common:actions.cancel')}
        </Link>
      </div>
    </form>
  );
}
