import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePermission } from '../team/use-permission.tsx';
import { useCreateFromWorkOrder, useWorkOrderJobs } from './cutting-api.ts';

/**
 * The "Krojna lista" panel of a work order: the cutting lists made from it and a button that makes
 * a new draft 2D list from its made-to-measure lines and opens it on the cutting page.
 */
export function WorkOrderCutting({ workOrderId }: { workOrderId: string }) {
  const { t, i18n } = useTranslation('cutting');
  const jobs = useWorkOrderJobs(workOrderId);
  const create = useCreateFromWorkOrder();
  // Without cutting.write the list is read-only: the button is not shown.
  const canWrite = usePermission('cutting.write');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const pct = (v: string) =>
    `${new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v))} %`;
  const items = jobs.data?.items ?? [];

  const make = () => {
    setError(null);
    create.mutate(workOrderId, {
      onSuccess: (job) => navigate(`/cutting/${job.id}`),
      onError: (e) =>
        setError(
          e instanceof ApiError && e.details?.length
            ? e.details.map((d) => t(`common:${d.key}`, { defaultValue: e.message })).join(' · ')
            : t('errors.action'),
        ),
    });
  };

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
        {canWrite ? (
          <Button size="sm" onClick={make} disabled={create.isPending}>
            {t('workOrder.create')}
          </Button>
        ) : null}
      </div>
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
