/**
 * A list screen's declaration, written beside the list (issue 12, issue 20): `key` names the list's
 * saved views on the server, `columns` in display order, `fixed` the columns that always show (the
 * record's identifying link), every other column can be hidden (`cols` in the URL and in a saved
 * view). `bulk` gives the list row selection with "select all matching" and the bulk bar.
 * `sort`/`dir` are the defaults the URL leaves out; `pageSize` is the server page. A `signedSort`
 * list keeps the direction in the sort itself (`sort=-number` is descending, no `dir`).
 */
export type ListSpec<C extends string = string> = {
  key: string;
  columns: readonly C[];
  fixed: readonly C[];
  bulk: boolean;
  sort?: string;
  dir?: 'asc' | 'desc';
  signedSort?: boolean;
  pageSize?: number;
};

/** Declares a list (see ListSpec); `fixed` may name only the list's own columns. */
export function defineList<const C extends string>(spec: ListSpec<C>): ListSpec<C> {
  return spec;
}

export type ColumnOf<S> = S extends ListSpec<infer C> ? C : never;
