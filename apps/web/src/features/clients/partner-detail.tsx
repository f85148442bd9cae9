import { Pencil } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '../../lib/format.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { NUM, TABLE, TabLinks, TD, TH } from './partner-ui.tsx';
import {
  type Address,
  type HistoryEntry,
  PATH,
  type PartnerDetail,
  type PartnerRole,
  useHistory,
  usePartner,
} from './partners-api.ts';

const ClientAnalyticsTab = lazy(() =>
  import('./client-analytics.tsx').then((m) => ({ default: m.ClientAnalyticsTab })),
);

export type ExtraTab = { path: string; label: string; element: (partner: PartnerDetail) => ReactNode };

const addressText = (a: Address | null) =>
  a
    ? [a.street, [a.postal_code, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ')
    : '';

/** Partner page with tabs: data, contacts, history and per role analytics or supplier tabs. */
export function PartnerDetailPage({
  list: role,
  extraTabs = [],
}: {
  list: PartnerRole;
  extraTabs?: ExtraTab[];
}) {
  const { t } = useTranslation('partners');
  const { id = '' } = useParams();
  const { data: p, isError } = usePartner(role, id);
  const canWrite = usePermission('partners.write');
  if (isError) return <p className="text-danger">{t('common.notFound')}</p>;
  if (!p) return null;
  const base = `${PATH[role]}/${p.id}`;
  const tabs = [
    { to: base, label: t('tabs.data'), end: true },
    { to: `${base}/contacts`, label: t('tabs.contacts') },
    { to: `${base}/history`, label: t('tabs.history') },
    ...(role === 'client' ? [{ to: `${base}/analytics`, label: t('tabs.analytics') }] : []),
    ...extraTabs.map((x) => ({ to: `${base}/${x.path}`, label: x.label })),
  ];
  return (
    <div>
      <PageHeader
        title={p.name}
        description={[p.oib ? `OIB ${p.oib}` : null, p.active ? null : t('list.inactive')]
          .filter(Boolean)
          .join(' · ')}
        actions={
          canWrite && (
            <Link to={`${base}/edit`} className={buttonClasses('outline')}>
              <Pencil className="size-4" aria-hidden />
              {t('common.edit')}
            </Link>
          )
        }
      />
      <TabLinks tabs={tabs} label={t('tabs.label')} />
      <PartnerTabRoutes role={role} p={p} extraTabs={extraTabs} />
    </div>
  );
}

/**
 * The tabs' routes. A tab this partner does not have (a supplier's tab on a client, a typo) is an
 * unknown path like any other (seed section 2: → /landing, signed in → /), not the data tab.
 * No hooks: routes/section-routes.test.tsx matches these routes with react-router itself.
 */
export function PartnerTabRoutes({
  role,
  p,
  extraTabs,
}: {
  role: PartnerRole;
  p: PartnerDetail;
  extraTabs: ExtraTab[];
}) {
  return (
    <Routes>
      <Route index element={<DataTab p={p} />} />
      <Route path="contacts" element={<ContactsTab p={p} />} />
      <Route path="history" element={<HistoryTab list={role} id={p.id} />} />
      {role === 'client' && (
        <Route
          path="analytics"
          element={
            <Suspense fallback={<TabLoading />}>
              <ClientAnalyticsTab id={p.id} />
            </Suspense>
          }
        />
      )}
      {extraTabs.map((x) => (
        <Route key={x.path} path={x.path} element={x.element(p)} />
      ))}
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

function TabLoading() {
  const { t } = useTranslation('partners');
  return <p className="text-sm text-muted">{t('list.loading')}</p>;
}

function DataTab({ p }: { p: PartnerDetail }) {
  const { t } = useTranslation('partners');
  const rows: [string, ReactNode][] = [
    [t('fields.kind'), t(`kind.${p.kind}`)],
    [t('fields.oib'), p.oib],
    [t('fields.vat_id'), p.vat_id],
    [
      t('fields.email'),
      p.email ? (
        <a key="email" href={`mailto:${p.email}`}>
          {p.email}
        </a>
      ) : null,
    ],
    [t('fields.phone'), p.phone],
    [t('fields.billingAddress'), addressText(p.billing_address)],
    [t('fields.deliveryAddress'), addressText(p.delivery_address)],
    [t('fields.paymentTermsDays'), formatNumber(p.payment_terms_days)],
    [t('fields.defaultDiscount'), formatPercent(p.default_discount, undefined, { maximumFractionDigits: 2 })],
    ...(p.role === 'supplier'
      ? ([[t('fields.leadTimeDays'), p.lead_time_days === null ? null : formatNumber(p.lead_time_days)]] as [
          string,
          ReactNode,
        ][])
      : []),
    [t('fields.active'), p.active ? t('common.yes') : t('common.no')],
    [t('fields.notes'), p.notes],
  ];
  return (
    <Card>
      <CardContent className="pt-5">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-sm text-muted">{k}</dt>
              <dd className="text-sm whitespace-pre-wrap">{v || '—'}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function ContactsTab({ p }: { p: PartnerDetail }) {
  const { t } = useTranslation('partners');
  if (p.contacts.length === 0) return <p className="text-sm text-muted">{t('contacts.empty')}</p>;
  return (
    <table className={TABLE}>
      <thead>
        <tr>
          <th className={TH}>{t('fields.name')}</th>
          <th className={TH}>{t('fields.position')}</th>
          <th className={TH}>{t('fields.email')}</th>
          <th className={TH}>{t('fields.phone')}</th>
        </tr>
      </thead>
      <tbody>
        {p.contacts.map((c) => (
          <tr key={`${c.name}-${c.email}`}>
            <td className={TD}>{c.name}</td>
            <td className={TD}>{c.position}</td>
            <td className={TD}>{c.email && <a href={`mailto:${c.email}`}>{c.email}</a>}</td>
            <td className={TD}>{c.phone}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where each kind of document opens (document areas own those pages). */
const HREF: Record<HistoryEntry['type'], (id: string) => string> = {
  quote: (id) => `/documents/quotes/${id}/edit`,
  work_order: (id) => `/documents/work-orders/${id}/edit`,
  delivery_note: (id) => `/delivery-notes?id=${id}`,
  invoice: (id) => `/delivery-notes?invoice=${id}`,
  purchase_order: (id) => `/suppliers/orders/${id}`,
  goods_receipt: (id) => `/suppliers/orders/receipts/${id}`,
  purchase_invoice: (id) => `/suppliers/invoices/${id}`,
};

/** A client's documents show the status words of their own badge; a supplier's have theirs here. */
const SALES_DOCUMENTS = new Set<HistoryEntry['type']>(['quote', 'work_order', 'delivery_note', 'invoice']);

function HistoryTab({ list: role, id }: { list: PartnerRole; id: string }) {
  const { t } = useTranslation(['partners', 'documents']);
  const { data, isLoading } = useHistory(role, id);
  if (isLoading || !data) return <p className="text-sm text-muted">{t('list.loading')}</p>;
  if (data.entries.length === 0)
    return (
      <div
        className="rounded-lg border border-dashed border-border p-6 text-sm text-muted"
        data-testid="history-empty"
      >
        <p>{t(`history.empty.${role}`)}</p>
        {data.types.length === 0 && <p className="mt-1">{t('history.noSources')}</p>}
      </div>
    );
  return (
    <table className={TABLE}>
      <thead>
        <tr>
          <th className={TH}>{t('history.date')}</th>
          <th className={TH}>{t('history.type')}</th>
          <th className={TH}>{t('history.number')}</th>
          <th className={TH}>{t('history.status')}</th>
          <th className={`${TH} ${NUM}`}>{t('history.total')}</th>
        </tr>
      </thead>
      <tbody>
        {data.entries.map((e) => (
          <tr key={`${e.type}-${e.id}`}>
            <td className={TD}>{formatDate(e.date)}</td>
            <td className={TD}>{t(`history.types.${e.type}`)}</td>
            <td className={TD}>
              <Link to={HREF[e.type](e.id)} className="text-primary hover:underline">
                {e.number ?? t('history.draft')}
              </Link>
            </td>
            <td className={TD}>
              {SALES_DOCUMENTS.has(e.type)
                ? t(`documents:status.${e.status}`, { context: e.type })
                : t(`history.statuses.${e.status}`, { defaultValue: e.status })}
            </td>
            <td className={`${TD} ${NUM}`}>{e.total === null ? '' : formatCurrency(e.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
