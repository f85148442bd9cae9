import type { FieldIssue } from '@erp/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatPercent } from '../../lib/format.ts';
import { useDocument } from '../documents/documents-api.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  type MaterialGroup,
  useCreateFromWorkOrder,
  useWorkOrderJobs,
  useWorkOrderMaterials,
} from './cutting-api.ts';

type Detail = Pick<FieldIssue, 'key' | 'params'>;

/**
 * The "Krojna lista" panel of a work order: the cutting lists made from it, and what the order is
 * cut into — one row per material (panes and profile lengths from the products' BOM cut sizes, or
 * the lines' own W × H) with a button that makes a draft list of it and opens it on the cutting page.
 */
export function WorkOrderCutting({ workOrderId }: { workOrderId: string }) {
  const { t, i18n } = useTranslation('cutting');
  const jobs = useWorkOrderJobs(workOrderId);
  const create = useCreateFromWorkOrder();
  // Re-read what is cut whenever the order itself is re-read (its lines may have changed).
  const order = useDocument(workOrderId);
  const materials = useWorkOrderMaterials(workOrderId, order.dataUpdatedAt);
  // Without cutting.write the list is read-only: the button is not shown.
  const canWrite = usePermission('cutting.write');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const pct = (v: string) =>
    formatPercent(v, i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const items = jobs.data?.items ?? [];

  // A BOM problem names the order line, product and BOM line before the formula's own message.
  const errorText = (e: unknown) =>
    e instanceof ApiError && e.details?.length
      ? (e.details as Detail[])
          .map((d) => {
            const text = t(`common:${d.key}`, { ...(d.params ?? {}), defaultValue: e.message });
            return d.params?.bomLine ? `${t('workOrder.bomLineAt', d.params)}: ${text}` : text;
          })
          .join(' · ')
      : t('errors.action');
  const make = (group: MaterialGroup) => {
    setError(null);
    create.mutate(
      { workOrderId, materialId: group.material_id },
      {
        onSuccess: (job) => navigate(`/cutting/${job.id}`),
        onError: (e) => {
          setError(errorText(e));
          void materials.refetch();
        },
      },
    );
  };
  const groups = materials.data?.groups ?? [];

  return (
    <section
      aria-labelledby="wo-cutting"
      className="rounded-md border border-border p-3"
      data-testid="wo-cutting"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="wo-cutting" className="font-semibold">
          {t('workOrder.title')}
        </h3>
      </div>
      {materials.isError ? (
        <p role="alert" className="mb-2 text-sm text-danger" data-testid="wo-cutting-error">
          {errorText(materials.error)}
        </p>
      ) : null}
      {materials.isSuccess && groups.length === 0 ? (
        <p className="mb-2 text-sm text-muted-foreground">{t('common:validation.noMadeToMeasureLines')}</p>
      ) : null}
      {groups.length > 0 ? (
        <ul className="mb-3 divide-y divide-border text-sm" data-testid="wo-cutting-materials">
          {groups.map((g) => (
            <li
              key={g.material_id ?? 'own'}
              className="flex flex-wrap items-center justify-between gap-2 py-1.5"
            >
              <span>
                <span className="font-medium">
                  {g.material_id ? `${g.sku} · ${g.name}` : t('workOrder.ownSizes')}
                </span>{' '}
                <span className="text-muted-foreground">
                  {t(`kind.${g.kind}`)} · {t('workOrder.pieces', { n: g.pieces })}
                </span>
              </span>
              {canWrite ? (
                <Button
                  size="sm"
                  variant={groups.length > 1 ? 'outline' : 'primary'}
                  onClick={() => make(g)}
                  disabled={create.isPending}
                >
                  {t('workOrder.create')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="mb-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {jobs.isSuccess && items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('workOrder.empty')}</p>
      ) : null}
      {items.length > 0 ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1">{t('list.number')}</th>
              <th>{t('list.name')}</th>
              <th>{t('list.status')}</th>
              <th className="text-right">{t('list.waste')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((j) => (
              <tr key={j.id} className="border-t border-border">
                <td className="py-1">
                  <Link to={`/cutting/${j.id}`} className="text-primary hover:underline">
                    {j.number}
                  </Link>
                </td>
                <td>
                  <Link to={`/cutting/${j.id}`} className="hover:underline">
                    {j.name}
                  </Link>
                </td>
                <td>{t(`status.${j.status}`)}</td>
                <td className="text-right">{j.waste_percent === null ? '—' : pct(j.waste_percent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
