import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { formatUnit } from '../../lib/format.ts';
import { documentKeys, errorText, getCompletionPreview } from './documents-api.ts';
import { Money, NUM, Qty, TABLE, TD, TH } from './parts.tsx';

/** `actual=<item>:<qty>,…` for the preview: the same quantities the completion body will carry. */
export function actualQuery(actual: readonly { item_id: string; quantity: string }[]): string {
  return actual.map((a) => `${a.item_id}:${a.quantity}`).join(',');
}

/**
 * The completion dialog of a work order: before anything is posted it shows, from the server's
 * preview (the same rule the posting uses), which materials cutting lists already consumed, what is
 * consumed now, and what each produced line will cost. Confirming runs the completion.
 */
export function CompletionDialog({
  workOrderId,
  title,
  actual,
  onConfirm,
  onClose,
}: {
  workOrderId: string;
  title: string;
  actual: readonly { item_id: string; quantity: string }[];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const { t: tg } = useTranslation('ux-grid');
  const qs = actualQuery(actual);
  const preview = useQuery({
    queryKey: [...documentKeys.all, 'completion-preview', workOrderId, qs],
    queryFn: ({ signal }) => getCompletionPreview(workOrderId, qs, signal),
    retry: false,
  });
  const data = preview.data;
  const blocked = !data || data.open_lists.length > 0;

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={title}
        description={tg('confirm.irreversible')}
        className="max-w-3xl"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {tg('confirm.cancel')}
            </Button>
            <Button
              data-testid="confirm-action"
              disabled={blocked}
              onClick={() => {
                onConfirm();
                onClose();
              }}
            >
              {t('actions.complete')}
            </Button>
          </>
        }
      >
        {preview.isPending && <p className="text-sm text-muted">{t('woCompletion.loading')}</p>}
        {preview.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorText(t, preview.error)}
          </p>
        )}
        {data && (
          <div className="space-y-4" data-testid="completion-preview">
            {data.open_lists.length > 0 && (
              <p role="alert" className="text-sm font-semibold text-danger">
                {t('woCompletion.openLists', {
                  lists: data.open_lists.map((l) => l.ref).join(', '),
                })}
              </p>
            )}
            <table className={TABLE} data-testid="completion-materials">
              <caption className="mb-1 text-left font-semibold">{t('woCompletion.materials')}</caption>
              <thead>
                <tr>
                  <th className={TH}>{t('wo.item')}</th>
                  <th className={cn(TH, NUM)}>{t('wo.planned')}</th>
                  <th className={cn(TH, NUM)}>{t('woCompletion.byCutting')}</th>
                  <th className={cn(TH, NUM)}>{t('woCompletion.now')}</th>
                  <th className={cn(TH, NUM)}>{t('woCompletion.value')}</th>
                </tr>
              </thead>
              <tbody>
                {data.materials.map((m) => (
                  <tr key={m.item_id}>
                    <td className={TD}>
                      <span className="font-medium">{m.sku}</span> {m.name}
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Qty value={m.planned} /> {formatUnit(m.unit)}
                    </td>
                    <td className={cn(TD, NUM)}>
                      {m.lists.length > 0 ? (
                        <>
                          <Qty value={m.cut_quantity} /> {formatUnit(m.unit)}
                          <span className="block text-xs text-muted">{m.lists.join(', ')}</span>
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Qty value={m.consume_now} /> {formatUnit(m.unit)}
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Money value={m.value} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className={TABLE} data-testid="completion-lines">
              <caption className="mb-1 text-left font-semibold">{t('woCompletion.outputs')}</caption>
              <thead>
                <tr>
                  <th className={TH}>{t('wo.item')}</th>
                  <th className={cn(TH, NUM)}>{t('woCompletion.quantity')}</th>
                  <th className={cn(TH, NUM)}>{t('wo.materialCost')}</th>
                  <th className={cn(TH, NUM)}>{t('wo.labourCost')}</th>
                  <th className={cn(TH, NUM)}>{t('woCompletion.unitCost')}</th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((l) => (
                  <tr key={l.line_id}>
                    <td className={TD}>
                      {l.position}. <span className="font-medium">{l.sku}</span> {l.name}
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Qty value={l.quantity} />
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Money value={l.material_cost} />
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Money value={l.labour_cost} />
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Money value={l.unit_cost} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
