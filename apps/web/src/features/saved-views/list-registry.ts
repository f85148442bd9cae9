/**
 * Every list screen of the app with its columns, in display order (issue 12). One entry per
 * `listKey` of `<SavedViews>`: the key names the list's saved views on the server, `fixed` are the
 * columns that always show (the record's identifying link), every other column can be hidden
 * (`cols` in the URL and in a saved view). A list screen reads its columns through
 * `useListColumns(listKey, …)`, which only accepts the keys listed here, so a list cannot have
 * saved views without a column set. `bulk` says whether the list has the row selection with
 * "select all matching" (`useBulkSelection` + `<BulkBar>`).
 */
export const LIST_REGISTRY = {
  quotes: {
    columns: ['number', 'client', 'date', 'status', 'total'],
    fixed: ['number'],
    bulk: true,
  },
  'work-orders': {
    columns: ['number', 'client', 'date', 'status', 'total'],
    fixed: ['number'],
    bulk: true,
  },
  'delivery-notes': {
    columns: ['number', 'client', 'date', 'status', 'total'],
    fixed: ['number'],
    bulk: true,
  },
  invoices: {
    columns: ['number', 'client', 'date', 'status', 'payment', 'total'],
    fixed: ['number'],
    bulk: true,
  },
  clients: {
    columns: ['name', 'oib', 'city', 'email', 'phone', 'payment_terms'],
    fixed: ['name'],
    bulk: true,
  },
  suppliers: {
    columns: ['name', 'oib', 'city', 'email', 'phone', 'lead_time'],
    fixed: ['name'],
    bulk: true,
  },
  'purchase-orders': {
    columns: ['number', 'supplier', 'status', 'ordered_on', 'expected_on', 'total'],
    fixed: ['number'],
    bulk: true,
  },
  'purchase-invoices': {
    columns: ['number', 'supplier', 'kind', 'issue_date', 'due_date', 'status', 'order', 'total', 'open'],
    fixed: ['number'],
    bulk: false,
  },
  items: {
    columns: ['sku', 'name', 'kind', 'unit', 'on_hand', 'pieces', 'available', 'on_order', 'avg_cost'],
    fixed: ['sku'],
    bulk: true,
  },
  locations: {
    columns: ['code', 'name', 'type', 'items', 'value'],
    fixed: ['code'],
    bulk: true,
  },
  lots: {
    columns: ['lot', 'sku', 'supplier', 'received', 'expires', 'quantity', 'pieces'],
    fixed: ['lot'],
    bulk: true,
  },
  movements: {
    columns: ['when', 'type', 'sku', 'location', 'lot', 'quantity', 'unit_cost', 'reference', 'reason'],
    fixed: ['when'],
    bulk: true,
  },
  counts: {
    columns: ['when', 'location', 'status', 'lines'],
    fixed: ['when'],
    bulk: false,
  },
  reservations: {
    columns: ['sku', 'name', 'location', 'lot', 'quantity', 'source', 'created'],
    fixed: ['sku'],
    bulk: true,
  },
  'low-stock': {
    columns: ['sku', 'name', 'available', 'on_order', 'on_draft', 'reorder_point', 'reorder_qty'],
    fixed: ['sku'],
    bulk: true,
  },
  products: {
    columns: ['sku', 'name', 'kind', 'active_version', 'routing_steps', 'sales_price', 'updated'],
    fixed: ['sku'],
    bulk: true,
  },
  processes: {
    columns: [
      'code',
      'name',
      'category',
      'work_centre',
      'cost_per_hour',
      'setup_minutes',
      'minutes_per_unit',
      'daily_capacity',
      'quality_check',
    ],
    fixed: ['code'],
    bulk: true,
  },
  'cutting-jobs': {
    columns: ['number', 'name', 'kind', 'status', 'stock_count', 'waste'],
    fixed: ['number'],
    bulk: true,
  },
  'automation-rules': {
    columns: ['name', 'trigger', 'actions', 'last_run', 'enabled'],
    fixed: ['name'],
    bulk: false,
  },
  audit: {
    columns: ['seq', 'when', 'user', 'action', 'record', 'changes'],
    fixed: ['seq'],
    bulk: false,
  },
} as const satisfies Record<string, { columns: readonly string[]; fixed: readonly string[]; bulk: boolean }>;

export type ListKey = keyof typeof LIST_REGISTRY;
export type ColumnKey<K extends ListKey> = (typeof LIST_REGISTRY)[K]['columns'][number];
export const LIST_KEYS = Object.keys(LIST_REGISTRY) as ListKey[];
