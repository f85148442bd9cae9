import { AUDIT_HIDDEN_TABLE_PATTERN, AUDIT_HIDDEN_TABLES } from '@erp/domain';
import { sql } from 'drizzle-orm';

/**
 * The audit rows people see (`audit_log a`): internal tables (idempotency keys, number counters,
 * stock caches; domain audit-terms.ts) are not part of the feed or the audit page.
 */
export const shownTables = sql`a.table_name <> all(${`{${AUDIT_HIDDEN_TABLES.join(',')}}`}::text[])
  and a.table_name !~ ${AUDIT_HIDDEN_TABLE_PATTERN}`;
