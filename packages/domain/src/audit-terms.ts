/**
 * What the activity feed and the change history show (issue 17: "speak in business terms").
 *
 * The audit trail records every tenant table, internal bookkeeping included. People see records
 * (a quote, a payment, a cutting list) and their fields under translated names (the web's
 * `audit` namespace: `entities.<table>`, `fields.<column>`), never table or column names:
 *   - hidden tables: idempotency keys and number counters (`*_idempotency`, `*_counters`), the
 *     stock balance caches (`item_stock`, `stock_balances`: derived from the movements, which
 *     are shown) and saved list views (a person's preference, not a business record);
 *   - hidden fields: keys and bookkeeping columns (ids, company, created/updated times, search
 *     and blind-index columns, secrets, the raw bytes of a file, numbering sequence parts).
 * The audit trail itself keeps everything; `npm run audit:verify` still checks the whole chain.
 * A server test (apps/server/src/modules/audit/audit-terms.test.ts) reads every audited table
 * and column from the database and fails when one that is shown has no translation.
 */
export const AUDIT_HIDDEN_TABLES = ['item_stock', 'stock_balances', 'saved_views'] as const;
/** PostgreSQL regular expression of hidden table names (for `table_name !~ ...`). */
export const AUDIT_HIDDEN_TABLE_PATTERN = '(^idempotency|_idempotency$|_counters$)';

export const AUDIT_HIDDEN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'company_id',
  'created_at',
  'updated_at',
  'name_key',
  'oib_bidx',
  'tax_number_bidx',
  'token_hash',
  'webhook_secret',
  'data',
  'request_hash',
  'response',
  'seq',
  'year',
  'key',
  'last_seq',
  'series',
]);

const hiddenPattern = new RegExp(AUDIT_HIDDEN_TABLE_PATTERN);

export function isAuditTableShown(table: string): boolean {
  return !(AUDIT_HIDDEN_TABLES as readonly string[]).includes(table) && !hiddenPattern.test(table);
}

export function isAuditFieldShown(field: string): boolean {
  return !AUDIT_HIDDEN_FIELDS.has(field) && !field.endsWith('_bidx');
}
