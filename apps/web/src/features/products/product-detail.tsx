import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { DelayedSkeleton } from '../../components/editing/delayed.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { formatCurrency } from '../../lib/format.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { BomEditor, editorStateFrom, toBomInput } from './bom-editor.tsx';
import { CostPreview } from './cost-preview.tsx';
import { errorMessages } from './error-messages.ts';
import { type BomHeader, useBom, useBomAction, useProduct, useSaveBom } from './products-api.ts';
import { RoutingEditor } from './routing-editor.tsx';

const STATUS_CLASSES: Record<BomHeader['status'], string> = {
  draft: 'bg-warning-soft text-warning',
  active: 'bg-success-soft text-success',
  archived: 'bg-surface-muted text-muted',
};

export function ProductDetailPage() {
  const { t } = useTranslation('production');
  const { t: tg } = useTranslation('ux-grid');
  const [confirmElement, confirm] = useConfirm();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { toast } = useToast();
  const detail = useProduct(id);
  const boms = detail.data?.boms ?? [];
  const chosen =
    boms.find((b) => b.id === search.get('bom')) ?? boms.find((b) => b.status === 'active') ?? boms[0];
  const bom = useBom(id, chosen?.id);
  const action = useBomAction(id);
  const copy = useSaveBom(id);
  const canWrite = usePermission('production.write');
  const initial = useMemo(() => editorStateFrom(bom.data), [bom.data]);
  const emptyState = useMemo(() => editorStateFrom(undefined), []);

  const selectBom = (bomId: string) => {
    const next = new URLSearchParams(search);
    next.set('bom', bomId);
    setSearch(next, { replace: true });
  };

  if (detail.isPending) return <DelayedSkeleton loading rows={6} />;
  if (!detail.data) return <FormErrors messages={errorMessages(detail.error, t)} />;
  const { product, routing } = detail.data;

  return (
    <div className="space-y-6">
      {confirmElement}
      <PageHeader
        title={`${product.sku} · ${product.name}`}
        description={[
          t(`kinds.${product.kind}`),
          product.baseUnit,
          product.salesPrice ? `${t('fields.salesPrice')}: ${formatCurrency(product.salesPrice)}` : '',
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <Link to="/products" className="text-sm text-primary hover:underline">
            {t('products.backToList')}
          </Link>
        }
      />

      <Card className="space-y-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('bom.title')}</h2>
          <div className="flex flex-wrap items-center gap-2" role="tablist" aria-label={t('bom.versions')}>
            {boms.map((b) => (
              <button
                key={b.id}
                type="button"
                role="tab"
                aria-selected={b.id === chosen?.id}
                className={`rounded-md border px-2.5 py-1 text-sm ${b.id === chosen?.id ? 'border-primary' : 'border-border'}`}
                onClick={() => selectBom(b.id)}
              >
                {t('bom.versionLabel', { version: b.version })}{' '}
                <span className={`ml-1 rounded px-1.5 text-xs ${STATUS_CLASSES[b.status]}`}>
                  {t(`bom.status.${b.status}`)}
                </span>
              </button>
            ))}
          </div>
        </div>
        <FormErrors messages={[...errorMessages(action.error, t), ...errorMessages(copy.error, t)]} />
        {chosen && canWrite && (
          <div className="flex flex-wrap gap-2">
            {chosen.status !== 'active' && (
              <Button
                loading={action.isPending}
                onClick={async () => {
                  const ok = await action.mutateAsync({ bomId: chosen.id, action: 'activate' }).then(
                    () => true,
                    () => false,
                  );
                  if (ok) toast({ type: 'success', title: t('bom.activated', { version: chosen.version }) });
                }}
              >
                {t('bom.activate')}
              </Button>
            )}
            <Button
              variant="outline"
              loading={copy.isPending}
              disabled={!bom.data}
              onClick={async () => {
                const created = await copy
                  .mutateAsync({ input: toBomInput(editorStateFrom(bom.data)) })
                  .catch(() => null);
                if (created) selectBom(created.id);
              }}
            >
              {t('bom.newVersion')}
            </Button>
            {chosen.status === 'active' && (
              <Button
                variant="outline"
                onClick={() => action.mutate({ bomId: chosen.id, action: 'archive' })}
              >
                {t('bom.archive')}
              </Button>
            )}
            {chosen.status === 'draft' && (
              <Button
                variant="danger"
                onClick={async () => {
                  const yes = await confirm({
                    title: t('bom.confirmDelete', { version: chosen.version }),
                    text: tg('confirm.irreversible'),
                    confirm: t('bom.deleteDraft'),
                  });
                  if (yes)
                    action.mutate(
                      { bomId: chosen.id, action: 'delete' },
                      { onSuccess: () => setSearch({}, { replace: true }) },
                    );
                }}
              >
                {t('bom.deleteDraft')}
              </Button>
            )}
          </div>
        )}
        {chosen && chosen.status !== 'draft' && <p className="text-sm text-muted">{t('bom.readOnlyHint')}</p>}
        {chosen ? (
          bom.data ? (
            <BomEditor
              productId={id}
              bomId={chosen.id}
              initial={initial}
              editable={canWrite && chosen.status === 'draft'}
              onSaved={() => toast({ type: 'success', title: t('saved') })}
            />
          ) : (
            <DelayedSkeleton loading />
          )
        ) : (
          <>
            <p className="text-sm text-muted">{t('bom.none')}</p>
            <BomEditor
              productId={id}
              bomId={undefined}
              initial={emptyState}
              editable={canWrite}
              onSaved={(bomId) => selectBom(bomId)}
            />
          </>
        )}
      </Card>

      <Card className="space-y-4 p-5">
        <h2 className="text-lg font-semibold">{t('routing.title')}</h2>
        <RoutingEditor productId={id} routing={routing} />
      </Card>

      <Card className="space-y-4 p-5">
        <h2 className="text-lg font-semibold">{t('preview.title')}</h2>
        {chosen ? (
          <CostPreview productId={id} bomId={chosen.id} />
        ) : (
          <p className="text-sm text-muted">{t('preview.needsBom')}</p>
        )}
      </Card>
    </div>
  );
}
