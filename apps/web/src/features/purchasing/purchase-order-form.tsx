import { normaliseVatRate, poInputSchema, poTotals } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { type GridColumn, LineGrid } from '../../components/line-grid/line-grid.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import {
  formatCurrency,
  formatNumber,
  formatNumberInput,
  formatPercent,
  numberInputToApi,
} from '../../lib/format.ts';
import { apiErrorMessages, Field, NUM, PartnerOptions, selectClasses } from '../clients/partner-ui.tsx';
import { fetchPartners, useUnlistedPartner } from '../clients/partners-api.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { orderLineInputs, proposedLinePrice, withUnit } from './po-line-price.ts';
import {
  type Order,
  saveOrder,
  useItemUnits,
  useOrder,
  usePurchasingMutation,
  useSupplierPrices,
} from './purchasing-api.ts';

type Line = {
  key: string;
  item_id: string;
  /** What the item cell shows: "SKU · name" once picked, or the text being typed. */
  item_label: string;
  quantity: string;
  unit: string;
  unit_price: string;
  /** The unit the price is in (not sent): a unit change moves the price from it (`withUnit`). */
  price_unit: string;
  vat_rate: string;
};
const VAT_RATES = ['25', '13', '5', '0'];

let counter = 0;
const newLine = (defaults: Partial<Line> = {}): Line => ({
  key: `po${++counter}`,
  item_id: '',
  item_label: '',
  quantity: '1',
  unit: '',
  unit_price: '',
  price_unit: '',
  vat_rate: '25',
  ...defaults,
});

const dec = (s: string) => numberInputToApi(s);
const isDec = (s: string) => /^\d+(\.\d+)?$/.test(dec(s));
/**
 * A picked item's price in the language's number format (a supplier's 1.125 € is not 1 125 € in a
 * Croatian input), else what was typed.
 */
const pickedPrice = (proposed: string, typed: string) => ({
  unit_price: proposed ? formatNumberInput(proposed) : typed,
});
/** A row the user left untouched (the grid's fresh last line): not sent, not an error. */
const isBlank = (l: Line) => !l.item_id && !l.item_label.trim();

/** The line's net with the same exact rule the server stores (null while the input is not a number). */
function lineNet(l: Line): string | null {
  if (!isDec(l.quantity) || !isDec(l.unit_price || '0')) return null;
  return poTotals([{ quantity: dec(l.quantity), unit_price: dec(l.unit_price || '0'), vat_rate: l.vat_rate }])
    .net;
}

/** Totals as you type, over the lines whose numbers parse (decimal.js in the domain rule, no floats). */
function liveTotals(lines: readonly Line[]) {
  return poTotals(
    lines
      .filter((l) => !isBlank(l) && lineNet(l) !== null)
      .map((l) => ({
        quantity: dec(l.quantity),
        unit_price: dec(l.unit_price || '0'),
        vat_rate: l.vat_rate,
      })),
  );
}

type Values = { supplier_id: string; expected_on: string; note: string; lines: Line[] };
/** The request an order's values make: untouched rows left out, amounts in the language's format. */
const toBody = (v: Values) => ({
  supplier_id: v.supplier_id,
  expected_on: v.expected_on || null,
  note: v.note,
  lines: v.lines
    .filter((l) => !isBlank(l))
    .map((l) => ({
      item_id: l.item_id,
      quantity: dec(l.quantity),
      unit: l.unit || null,
      unit_price: dec(l.unit_price) || '0',
      vat_rate: l.vat_rate,
    })),
});
export const orderFormSchema = formSchema(toBody, poInputSchema);

export function PurchaseOrderFormPage() {
  const { id } = useParams();
  const { data, isLoading } = useOrder(id);
  if (id && (isLoading || !data)) return null;
  return <PurchaseOrderForm key={id ?? 'new'} initial={data} />;
}

function PurchaseOrderForm({ initial }: { initial?: Order }) {
  const { t } = useTranslation('purchasing');
  const { t: tg } = useTranslation('ux-grid');
  const toast = useToast();
  const navigate = useNavigate();
  const form = useZodForm<typeof orderFormSchema, Values>(orderFormSchema, {
    defaultValues: {
      supplier_id: initial?.supplier_id ?? '',
      expected_on: initial?.expected_on ?? '',
      note: initial?.note ?? '',
      lines: [
        ...(initial?.lines.map((l) =>
          newLine({
            item_id: l.item_id,
            item_label: `${l.sku} · ${l.item_name}`,
            ...orderLineInputs(l),
            vat_rate: normaliseVatRate(l.vat_rate) ?? l.vat_rate,
          }),
        ) ?? []),
        // Always a fresh line at the end to type into.
        newLine(),
      ],
    },
  });
  const lines = form.watch('lines');
  const [pickError, setPickError] = useState<string | null>(null);
  const saveRef = useSaveShortcut();
  const { data: suppliers } = useQuery({
    queryKey: ['partners', 'supplier', 'options'],
    queryFn: ({ signal }) =>
      fetchPartners('supplier', new URLSearchParams({ page_size: '200', sort: 'name' }), signal),
  });
  // A draft order's supplier deactivated since is still its supplier: offered, marked inactive.
  const supplierId = form.watch('supplier_id');
  const unlistedSupplier = useUnlistedPartner('supplier', suppliers?.rows, supplierId);
  // A picked item starts at this supplier's price for it.
  const { data: supplierPrices } = useSupplierPrices(supplierId);
  // The lines' item units: a unit change moves the line's price through the conversion.
  const itemUnits = useItemUnits(lines.map((l) => l.item_id));
  // A unit typed before the item's units arrived (a slow answer) left the price in the unit it was
  // in: once they are here, such a line's price moves through the conversion as if typed now.
  useEffect(() => {
    const current = form.getValues('lines');
    const settled = current.map((l) =>
      l.unit === l.price_unit ? l : withUnit(l, l.unit, itemUnits.get(l.item_id)),
    );
    if (settled.some((l, i) => l.price_unit !== current[i]?.price_unit))
      form.setValue('lines', settled, { shouldDirty: true });
  }, [itemUnits, form]);
  const save = usePurchasingMutation((body: unknown) => saveOrder(initial?.id ?? null, body));
  // Dirty = the request differs from what was loaded (a new order: anything entered at all); the
  // grid's fresh last line is not a change.
  const [baseline] = useState(() => JSON.stringify(toBody(form.getValues())));
  const dirty = JSON.stringify(toBody(form.watch())) !== baseline;
  const columns = useMemo<GridColumn<Line>[]>(() => {
    const field = (n: number, f: string) => t('form.lineField', { n, field: t(`fields.${f}`) });
    const text = (id: 'quantity' | 'unit' | 'unit_price', kind: 'text' | 'decimal', width: string) =>
      ({
        id,
        header: t(`fields.${id}`),
        kind,
        width,
        className: kind === 'decimal' ? 'text-right' : undefined,
        label: (n: number) => field(n, id),
        value: (l: Line) => l[id],
        set: (l: Line, v: string) => ({ ...l, [id]: v }),
      }) satisfies GridColumn<Line>;
    return [
      {
        id: 'item',
        header: t('fields.item'),
        kind: 'item',
        width: 'minmax(14rem, 1fr)',
        label: (n) => field(n, 'item'),
        value: (l) => l.item_label,
        set: (l, v) => ({ ...l, item_label: v, item_id: '' }),
      },
      text('quantity', 'decimal', '6rem'),
      { ...text('unit', 'text', '4.5rem'), set: (l, v) => withUnit(l, v, itemUnits.get(l.item_id)) },
      {
        ...text('unit_price', 'decimal', '7rem'),
        set: (l, v) => ({ ...l, unit_price: v, price_unit: l.unit }),
      },
      {
        id: 'vat_rate',
        header: t('fields.vat_rate'),
        kind: 'select',
        width: '5.5rem',
        label: (n) => field(n, 'vat_rate'),
        value: (l) => l.vat_rate,
        set: (l, v) => ({ ...l, vat_rate: v }),
        options: VAT_RATES.map((r) => ({ value: r, label: formatPercent(r) })),
      },
      {
        id: 'net',
        header: t('fields.net'),
        kind: 'display',
        width: '7.5rem',
        className: NUM,
        render: (l) => {
          const net = lineNet(l);
          return (
            <span className="block px-1.5 text-right tabular-nums" data-testid="line-net">
              {net && !isBlank(l) ? formatCurrency(net) : ''}
            </span>
          );
        },
      },
    ];
  }, [t, itemUnits]);
  const totals = liveTotals(lines);
  const label = (field: string) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(field);
    if (m)
      return t('form.lineField', { n: Number(m[1]) + 1, field: t(`fields.${m[2]}`, { defaultValue: m[2] }) });
    return t(`fields.${field}`, { defaultValue: '' });
  };
  const clientFailed = Object.keys(form.formState.errors).length > 0;
  const messages = useFormMessages(form.formState.errors, {
    label,
    server: pickError ? [pickError] : clientFailed ? [] : apiErrorMessages(save.error, t, label),
  });
  const saveValid = form.handleSubmit((body) => {
    save.mutate(body, { onSuccess: (o) => navigate(`/suppliers/orders/${o.id}`, afterSave()) });
  });
  // A line with text typed but no item picked from the list: named by its row, before the schema.
  const submit = (e: React.FormEvent) => {
    const unpicked = lines.findIndex((l) => !isBlank(l) && !l.item_id);
    setPickError(
      unpicked >= 0
        ? `${t('form.lineField', { n: unpicked + 1, field: t('fields.item') })}: ${t('form.pickItem')}`
        : null,
    );
    if (unpicked >= 0) {
      e.preventDefault();
      form.clearErrors();
      return;
    }
    return saveValid(e);
  };
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={initial ? t('form.editTitle') : t('list.new')}
        actions={
          <SaveState
            status={saveStatus({
              saving: save.isPending,
              dirty: dirty && !save.isSuccess,
              isNew: !initial && !save.isSuccess,
            })}
          />
        }
      />
      <UnsavedChangesGuard when={dirty && !save.isSuccess} />
      <FormErrors messages={messages} className="mb-4" />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id="po-supplier" label={t('fields.supplier')}>
              <select
                id="po-supplier"
                className={`${selectClasses} w-full`}
                {...form.register('supplier_id')}
                // The suppliers arrive after the field: the select follows the form's value.
                value={supplierId}
              >
                <option value="">{t('form.chooseSupplier')}</option>
                <PartnerOptions listed={suppliers?.rows} unlisted={unlistedSupplier} />
              </select>
            </Field>
            <Field id="po-expected" label={t('fields.expectedOn')}>
              <Input id="po-expected" type="date" {...form.register('expected_on')} />
            </Field>
          </div>
          <LineGrid<Line>
            label={t('fields.lines')}
            rows={lines}
            rowKey={(l) => l.key}
            columns={columns}
            onChange={(next) => form.setValue('lines', next, { shouldDirty: true })}
            newRow={() => newLine()}
            pick={(l, item) => ({
              ...l,
              item_id: item.id,
              item_label: `${item.sku} · ${item.name}`,
              unit: item.base_unit,
              ...pickedPrice(proposedLinePrice(item, supplierPrices, ''), l.unit_price),
              price_unit: item.base_unit,
              vat_rate: normaliseVatRate(item.vat_rate) ?? l.vat_rate,
            })}
            onRemoved={(_, index, restore) =>
              toast.toast({
                title: tg('removed', { row: index + 1 }),
                action: { label: tg('undo'), onClick: restore },
                duration: 8000,
              })
            }
            footer={
              <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-0.5 text-sm" data-testid="totals">
                <dt className="text-muted">{t('totals.net')}</dt>
                <dd className={NUM} data-testid="total-net">
                  {formatCurrency(totals.net)}
                </dd>
                {totals.vat.map((g) => (
                  <div key={g.rate} className="contents">
                    <dt className="text-muted">
                      {t('totals.vat', { rate: formatNumber(g.rate), base: formatCurrency(g.base) })}
                    </dt>
                    <dd className={NUM}>{formatCurrency(g.vat)}</dd>
                  </div>
                ))}
                <dt className="font-semibold">{t('totals.total')}</dt>
                <dd className={`${NUM} font-semibold`} data-testid="total">
                  {formatCurrency(totals.total)}
                </dd>
              </dl>
            }
          />
          <Field id="po-note" label={t('fields.note')}>
            <Textarea id="po-note" {...form.register('note')} />
          </Field>
        </CardContent>
      </Card>
      <div className="mt-4 flex gap-2">
        <Button ref={saveRef} type="submit" loading={save.isPending}>
          {t('form.saveDraft')}
        </Button>
        {/* Discard: leaves without saving and without required fields (the explicit answer, no question). */}
        <Link
          to={initial ? `/suppliers/orders/${initial.id}` : '/suppliers/orders'}
          className={buttonClasses('outline')}
          data-discard
        >
          {t('common:actions.cancel')}
        </Link>
      </div>
    </form>
  );
}
