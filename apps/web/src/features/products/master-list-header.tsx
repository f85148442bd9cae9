import { Plus } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import type { ListState } from '../saved-views/use-list.ts';
import { PageHeader } from '../sections/page-header.tsx';

// The top of the production master-data lists (products, processes): title and "new" link, then
// the search box, the list's own filters and the number of matches.

/** What is typed into the search box; the URL (and the server query) follows 250 ms after the last key. */
export function useListSearch<C extends string>(list: ListState<C>): [string, (q: string) => void] {
  const saved = list.get('q') ?? '';
  const [q, setQ] = useState(saved);
  useEffect(() => {
    if (q === saved) return;
    const timer = setTimeout(() => list.set('q', q, { replace: true }), 250);
    return () => clearTimeout(timer);
  });
  return [q, setQ];
}

export function MasterListHeader(props: {
  title: string;
  description: string;
  /** Shown to those who may write: the link to the new record's form. */
  newLink: { to: string; label: string } | false;
  searchId: string;
  search: [string, (q: string) => void];
  total: number;
  /** Filters between the search box and the count. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('production');
  const [q, setQ] = props.search;
  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          props.newLink && (
            <Link to={props.newLink.to} className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden />
              {props.newLink.label}
            </Link>
          )
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="w-72">
          <Label htmlFor={props.searchId}>{t('list.search')}</Label>
          <Input id={props.searchId} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        {props.children}
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {t('list.results', { count: props.total })}
        </p>
      </div>
    </>
  );
}
