/**
 * Document actions that cannot be taken back (UX.md: confirm once, naming the record): they post
 * stock, issue a fiscal number or close the order. Everything else runs at once.
 */
export const IRREVERSIBLE_ACTIONS: ReadonlySet<string> = new Set(['issue', 'complete', 'cancel']);
