import { useSearchParams } from 'react-router';
import type { ListSpec } from './list-spec.ts';
import { activeFilters, NOT_FILTERS, withoutFilters } from './list-state.ts';

export type SortDir = 'asc' | 'desc';

/** A list's state, all of it in the URL: filters, sort, direction, page and visible columns. */
export type ListState<C extends string = string> = {
  spec: ListSpec<C>;
  params: URLSearchParams;
  get(key: string): string | null;
  /** Sets (or with null/'' removes) one filter and goes back to the first page. */
  set(key: string, value: string | null, options?: { replace?: boolean }): void;
  sort: string;
  dir: SortDir;
  page: number;
  setPage(page: number): void;
  /** Sorts by `key`, ascending first, then flips the direction. */
  toggleSort(key: string): void;
  /** Any filter set (paging, sorting, columns and the list's own `notFilters` excepted). */
  filtered: boolean;
  /** Removes every filter; sorting and visible columns stay. */
  clearFilters(): void;
  /**
   * The URL's parameters for the list's API request (columns left out), with the page size under
   * the API's name for it.
   */
  apiQuery(pageSizeParam?: string, page?: number, pageSize?: number): URLSearchParams;
};

/**
 * The list hook: reads and writes a list's state in the URL (`?q=…&sort=…&dir=…&page=…&cols=…`).
 * Defaults (the spec's sort and direction, page 1) are left out of the URL, so a list's address
 * stays the same as before it used the kit.
 */
export function useList<C extends string>(
  spec: ListSpec<C>,
  notFilters: readonly string[] = [],
): ListState<C> {
  const [params, setParams] = useSearchParams();
  const signed = spec.signedSort === true;
  const unsign = (s: string) => (signed && s.startsWith('-') ? s.slice(1) : s);
  const defaultSort = unsign(spec.sort ?? '');
  const defaultDir: SortDir = signed
    ? (spec.sort ?? '').startsWith('-')
      ? 'desc'
      : 'asc'
    : (spec.dir ?? 'asc');
  const rawSort = params.get('sort') || (spec.sort ?? '');
  const sort = unsign(rawSort);
  const dir: SortDir = signed
    ? rawSort.startsWith('-')
      ? 'desc'
      : 'asc'
    : (params.get('dir') || defaultDir) === 'desc'
      ? 'desc'
      : 'asc';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const ignore = new Set([...NOT_FILTERS, ...notFilters]);
  const write = (next: URLSearchParams, replace: boolean) => setParams(next, { replace });
  return {
    spec,
    params,
    get: (key) => params.get(key),
    set: (key, value, options) => {
      const next = new URLSearchParams(params);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      write(next, options?.replace ?? false);
    },
    sort,
    dir,
    page,
    setPage: (to) => {
      const next = new URLSearchParams(params);
      if (to > 1) next.set('page', String(to));
      else next.delete('page');
      write(next, false);
    },
    toggleSort: (key) => {
      const nextDir: SortDir = sort === key && dir === 'asc' ? 'desc' : 'asc';
      const next = new URLSearchParams(params);
      if (signed) next.set('sort', nextDir === 'desc' ? `-${key}` : key);
      else {
        if (key === defaultSort) next.delete('sort');
        else next.set('sort', key);
        if (nextDir === defaultDir) next.delete('dir');
        else next.set('dir', nextDir);
      }
      next.delete('page');
      write(next, false);
    },
    filtered: activeFilters(params, ignore).length > 0,
    clearFilters: () => write(withoutFilters(params, ignore), false),
    apiQuery: (pageSizeParam = 'page_size', atPage = page, pageSize = spec.pageSize ?? 50) => {
      const out = new URLSearchParams(params);
      out.delete('cols');
      if (!out.get('sort') && spec.sort) out.set('sort', spec.sort);
      if (!signed && !out.get('dir')) out.set('dir', defaultDir);
      out.set('page', String(atPage));
      out.set(pageSizeParam, String(pageSize));
      return out;
    },
  };
}
