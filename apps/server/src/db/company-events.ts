import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from './database.ts';

/** The topics of `company_event` notifications (the web invalidates its queries by topic). */
export type CompanyTopic =
  | 'stock'
  | 'documents'
  | 'cutting'
  | 'partners'
  | 'purchasing'
  | 'purchase_invoices'
  | 'notifications';

/** More ids than this would pass pg_notify's 8000-byte payload limit (an import touches thousands). */
export const NOTIFY_MAX_IDS = 100;

/**
 * The one company-event notification (issue 20: there were five copies): tells the company's open
 * screens that rows of `topic` changed. Ids only, never data; clients re-read under their own
 * rights. Sent inside the writing transaction, so PostgreSQL delivers it only if the change
 * commits. More than NOTIFY_MAX_IDS ids go out as an empty list, which means "re-read all".
 */
export async function notifyCompany(
  tx: Tx,
  companyId: string,
  topic: CompanyTopic,
  ids: readonly string[],
): Promise<void> {
  await tx.execute(companyEventSql(companyId, topic, ids));
}

/** The notification as one `select`, for a caller that sends it within a statement of its own. */
export function companyEventSql(companyId: string, topic: CompanyTopic, ids: readonly string[]): SQL {
  const sent = ids.length > NOTIFY_MAX_IDS ? [] : ids;
  return sql`select pg_notify('company_event', json_build_object('company_id', ${companyId}::uuid, 'topic', ${topic}::text,
          'ids', ${JSON.stringify(sent)}::json)::text)`;
}
