import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatQuantity, formatUnit } from '../../lib/format.ts';
import { createCreditNote, type Detail, errorText, useDocumentMutation } from '../documents/documents-api.ts';
import { FormError, NUM, TABLE, TD, TH } from '../documents/parts.tsx';
import { type CreditRow, creditRequest, creditRows, refusalForRows } from './credit-values.ts';

/**
 * "Izdaj odobrenje" on an issued invoice: a dialog of its lines with what is still creditable, the
 * quantity (all that is left, by default) and the price editable; the server checks and issues it.
 */
export function CreditNoteAction({ detail, disabled }: { detail: Detail; disabled: boolean }) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" disabled={disabled} onClick={() => setOpen(true)} data-testid="credit-open">
        {t('invoice.creditNote')}
      </Button>
      {open && <CreditForm detail={detail} />}
    </Dialog>
  );
}

function CreditForm({ detail }: { detail: Detail }) {
  const { t, i18n } = useTranslation('documents');
  const navigate = useNavigate();
  const lng = i18n.resolvedLanguage;
  const [rows, setRows] = useState<CreditRow[]>(() => creditRows(detail.lines, detail.creditable ?? [], lng));
  const [error, setError] = useState<string | null>(null);
  const save = useDocumentMutation((body: { lines: ReturnType<typeof creditRequest>['lines'] }) =>
    createCreditNote(detail.document.id, body),
  );
  const byId = new Map(detail.lines.map((l) => [l.id, l]));
  const edit = (index: number, change: Partial<CreditRow>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const submit = () => {
    const { lines, positions } = creditRequest(rows, lng);
    if (lines.length === 0) return setError(t('invoice.creditNothing'));
    save.mutate(
      { lines },
      {
        onSuccess: (d) => navigate(`/documents/invoices/${d.document.id}`),
        onError: (e) => setError(errorText(t, refusalForRows(e, positions))),
      },
    );
  };
  return (
    <DialogContent
      className="max-w-3xl"
      title={t('invoice.creditDialogTitle', { number: detail.document.number ?? '' })}
      description={t('invoice.creditDialogHint')}
      footer={
        <div className="flex justify-end gap-2 p-4">
          <Button disabled={save.isPending} onClick={submit} data-testid="credit-issue">
            {t('invoice.creditNote')}
          </Button>
        </div>
      }
    >
      <FormError error={error} />
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('invoice.creditNoneLeft')}</p>
      ) : (
        <table className={TABLE}>
          <thead>
            <tr>
              <th className={TH}>#</th>
              <th className={TH}>{t('invoice.creditLine')}</th>
              <th className={cn(TH, NUM)}>{t('invoice.creditLeft')}</th>
              <th className={cn(TH, NUM)}>{t('invoice.creditQuantity')}</th>
              <th className={cn(TH, NUM)}>{t('invoice.creditPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, index) => {
              const source = byId.get(r.line_id);
              const n = index + 1;
              return (
                <tr key={r.line_id}>
                  <td className={TD}>{n}</td>
                  <td className={TD}>{source?.description || source?.item_name}</td>
                  <td className={cn(TD, NUM)} data-testid={`credit-left-${n}`}>
                    {formatQuantity(r.left, lng)} {formatUnit(source?.unit)}
                  </td>
                  <td className={TD}>
                    <Input
                      aria-label={t('invoice.creditQuantityRow', { row: n })}
                      inputMode="decimal"
                      className="w-24 text-right"
                      value={r.quantity}
                      onChange={(e) => edit(index, { quantity: e.target.value })}
                    />
                  </td>
                  <td className={TD}>
                    <Input
                      aria-label={t('invoice.creditPriceRow', { row: n })}
                      inputMode="decimal"
                      className="w-28 text-right"
                      value={r.unit_price}
                      onChange={(e) => edit(index, { unit_price: e.target.value })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </DialogContent>
  );
}
