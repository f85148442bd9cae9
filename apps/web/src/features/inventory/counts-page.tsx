import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/format.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  type CountDetail,
  errorText,
  postWithKey,
  useCount,
  useCounts,
  useInventoryMutation,
  useLocations,
} from './inventory-api.ts';
import { Field, LocationSelect, NUM, newKey, Qty, TABLE, TD, TH } from './parts.tsx';

export function CountsPage() {
  const { t, i18n } = useTranslation('inventory');
  const navigate = useNavigate();
  const { data: counts = [] } = useCounts();
  const { data: locations = [] } = useLocations();
  const canWrite = usePermission('inventory.write');
  const [location, setLocation] = useState('');
  const create = useInventoryMutation((location_id: string) =>
    api<CountDetail>('/api/inventory/counts', { method: 'POST', body: { location_id } }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(location, { onSuccess: (c) => navigate(`/inventory/counts/${c.id}`) });
  };
  return (
    <div className="space-y-4">
      {canWrite && (
        <form onSubmit={submit} className="flex items-end gap-2">
          <Field label={t('counts.location')}>
            {(id) => <LocationSelect id={id} locations={locations} value={location} onChange={setLocation} />}
          </Field>
          <Button type="submit" loading={create.isPending} disabled={!location}>
            {t('counts.start')}
          </Button>
        </form>
      )}
      {create.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(t, create.error)}
        </p>
      )}
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>{t('movements.when')}</th>
            <th className={TH}>{t('counts.location')}</th>
            <th className={TH}>{t('counts.status')}</th>
            <th className={cn(TH, NUM)}>{t('counts.lines')}</th>
          </tr>
        </thead>
        <tbody>
          {counts.map((c) => (
            <tr key={c.id}>
              <td className={TD}>
                <Link className="text-primary hover:underline" to={`/inventory/counts/${c.id}`}>
                  {formatDate(c.created_at, i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
                </Link>
              </td>
              <td className={TD}>{c.location_code}</td>
              <td className={TD}>{t(`counts.statuses.${c.status}`)}</td>
              <td className={cn(TD, NUM)}>{c.line_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CountDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('inventory');
  const { data } = useCount(id);
  if (!data) return <p className="text-muted">{t('common.loading')}</p>;
  return <CountSheet count={data} key={`${data.id}-${data.status}`} />;
}

function CountSheet({ count }: { count: CountDetail }) {
  const { t } = useTranslation('inventory');
  const [counted, setCounted] = useState<Record<string, string>>(
    Object.fromEntries(count.lines.map((l) => [l.id, l.counted_qty ?? ''])),
  );
  const [postKey] = useState(newKey);
  const { companyId } = useCurrentCompany();
  const canWrite = usePermission('inventory.write');
  const lines = () =>
    count.lines.map((l) => ({ id: l.id, counted_qty: counted[l.id]?.trim() ? counted[l.id] : null }));
  const save = useInventoryMutation(() =>
    api(`/api/inventory/counts/${count.id}/lines`, { method: 'PUT', body: { lines: lines() } }),
  );
  const post = useInventoryMutation(async () => {
    await api(`/api/inventory/counts/${count.id}/lines`, { method: 'PUT', body: { lines: lines() } });
    return postWithKey(`/api/inventory/counts/${count.id}/post`, {}, postKey, companyId);
  });
  const draft = count.status === 'draft';
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">
        {t('counts.title', { location: count.location_code })} · {t(`counts.statuses.${count.status}`)}
      </h2>
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>{t('items.sku')}</th>
            <th className={TH}>{t('items.name')}</th>
            <th className={TH}>{t('lots.lot')}</th>
            <th className={cn(TH, NUM)}>{t('counts.expected')}</th>
            <th className={cn(TH, NUM)}>{t('counts.counted')}</th>
            <th className={cn(TH, NUM)}>{t('counts.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {count.lines.map((l) => {
            const c = counted[l.id] ?? '';
            const diff = c.trim() ? (Number(c.replace(',', '.')) - Number(l.expected_qty)).toString() : null;
            return (
              <tr key={l.id}>
                <td className={TD}>{l.sku}</td>
                <td className={TD}>{l.item_name}</td>
                <td className={TD}>{l.lot_number}</td>
                <td className={cn(TD, NUM)}>
                  <Qty value={l.expected_qty} /> {l.base_unit}
                </td>
                <td className={cn(TD, 'w-32')}>
                  <Input
                    aria-label={t('counts.countedFor', { sku: l.sku })}
                    inputMode="decimal"
                    disabled={!draft}
                    value={c}
                    onChange={(e) => setCounted({ ...counted, [l.id]: e.target.value })}
                  />
                </td>
                <td className={cn(TD, NUM, diff && Number(diff) !== 0 && 'font-semibold')}>
                  {diff !== null && <Qty value={diff} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(save.error || post.error) && (
        <p role="alert" className="text-sm text-danger">
          {errorText(t, save.error ?? post.error)}
        </p>
      )}
      {draft && canWrite && (
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            loading={save.isPending}
            onClick={() => save.mutate(undefined)}
          >
            {t('common.save')}
          </Button>
          <Button
            type="button"
            loading={post.isPending}
            onClick={() => {
              if (window.confirm(t('counts.confirmPost', { location: count.location_code })))
                post.mutate(undefined);
            }}
          >
            {t('counts.post')}
          </Button>
        </div>
      )}
    </div>
  );
}
