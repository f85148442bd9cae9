// Who owns each table (issue 20, deliverable 2). Every table a migration creates has exactly one
// owner: a module (`modules/<name>/`) or a platform area (`db/`, `jobs/`, `security/`, `platform/`).
// Only the owner's code writes the table (insert, update, delete, upsert, copy); another module
// that needs to change it calls a function of the owner's service and passes its transaction.
// Reads are freer: a repository may join another module's tables in a read query, so a list or a
// print is one round trip. ARCHITECTURE.md ("Table ownership") gives the reasons;
// `apps/server/src/table-ownership.test.ts` checks this map against the migrations and the code.

/** A module under `modules/`, or a platform area (a top-level folder of `apps/server/src`). */
export type TableOwner = { module: string } | { platform: 'db' | 'jobs' | 'security' | 'platform' };

const m = (module: string): TableOwner => ({ module });
const platform = (area: 'db' | 'jobs' | 'security' | 'platform'): TableOwner => ({ platform: area });

/** Table → owner, grouped by owner. A migration's new table must be added here. */
export const TABLE_OWNERS: Record<string, TableOwner> = {
  // better-auth's tables (its adapter in auth.ts) and the sign-in guards.
  users: m('auth'),
  sessions: m('auth'),
  accounts: m('auth'),
  verifications: m('auth'),
  rate_limits: m('auth'),
  security_counters: m('auth'),
  password_reset_tokens: m('auth'),

  // The company itself: its profile row and the settings row every area keeps columns in.
  tenants: m('tenants'),
  company_settings: m('tenants'),

  memberships: m('team'),
  invitations: m('team'),

  files: m('files'),
  changelog_entries: m('changelog'),
  changelog_views: m('changelog'),
  saved_views: m('views'),
  shop_floor_events: m('shop-floor'),
  export_files: m('export'),

  // The audit trail is written by the audit trigger and sealed by the audit module.
  audit_log: m('audit'),
  audit_links: m('audit'),
  audit_heads: m('audit'),
  audit_ready: m('audit'),

  units: m('inventory'),
  locations: m('inventory'),
  items: m('inventory'),
  item_search: m('inventory'),
  item_unit_conversions: m('inventory'),
  lots: m('inventory'),
  lot_links: m('inventory'),
  stock_documents: m('inventory'),
  stock_movements: m('inventory'),
  item_stock: m('inventory'),
  stock_balances: m('inventory'),
  reservations: m('inventory'),
  stock_counts: m('inventory'),
  stock_count_lines: m('inventory'),

  processes: m('production'),
  boms: m('production'),
  bom_lines: m('production'),
  routings: m('production'),
  routing_steps: m('production'),

  partners: m('partners'),
  partner_contacts: m('partners'),
  supplier_items: m('partners'),

  purchasing_settings: m('purchasing'),
  purchasing_counters: m('purchasing'),
  purchase_orders: m('purchasing'),
  purchase_order_lines: m('purchasing'),
  goods_receipts: m('purchasing'),
  goods_receipt_lines: m('purchasing'),

  purchase_invoices: m('purchase-invoices'),
  purchase_invoice_files: m('purchase-invoices'),
  purchase_invoice_payments: m('purchase-invoices'),

  document_settings: m('documents'),
  document_counters: m('documents'),
  documents: m('documents'),
  document_lines: m('documents'),
  document_links: m('documents'),
  document_files: m('documents'),
  document_mails: m('documents'),
  company_mail_settings: m('documents'),
  work_order_materials: m('documents'),
  work_order_operations: m('documents'),
  work_order_versions: m('documents'),
  operation_time_logs: m('documents'),
  quality_checks: m('documents'),
  invoice_payments: m('documents'),
  advance_deductions: m('documents'),

  cutting_jobs: m('cutting'),
  cutting_remnants: m('cutting'),

  automation_rules: m('automation'),
  automation_runs: m('automation'),
  outbox_events: m('automation'),
  notifications: m('automation'),

  fiscal_settings: m('fiscalisation'),
  fiscal_invoices: m('fiscalisation'),
  fiscal_attempts: m('fiscalisation'),

  fiscal_exchange_settings: m('fiscal-exchange'),
  fiscal_messages: m('fiscal-exchange'),
  fiscal_message_attempts: m('fiscal-exchange'),
  einvoice_deliveries: m('fiscal-exchange'),

  idempotency_keys: platform('db'),
  jobs: platform('jobs'),
  encryption_state: platform('security'),
  company_registry: platform('platform'),
  company_hosting: platform('platform'),
  company_operations: platform('platform'),
};

/** The source folder (relative to `apps/server/src`) whose files may write the owner's tables. */
export function ownerFolder(owner: TableOwner): string {
  return 'module' in owner ? `modules/${owner.module}/` : `${owner.platform}/`;
}
