-- Purchasing (issue 5): purchase orders (narudžbenice) and goods receipts (primke). Stock moves
-- only through the inventory posting service; these tables hold the documents and what they did.

-- Number prefixes per company ("NB-" → NB-2026-0001).
create table purchasing_settings (
  company_id uuid primary key references tenants(id) on delete cascade,
  po_prefix text not null default 'NB-',
  receipt_prefix text not null default 'PR-',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select enable_tenant_table('purchasing_settings');

-- Gapless numbering: one row per company, series and year, locked FOR UPDATE by the transaction
-- that sends an order or posts a receipt, so numbers are handed out in commit order without holes.
create table purchasing_counters (
  company_id uuid not null references tenants(id) on delete cascade,
  series text not null check (series in ('purchase_order', 'goods_receipt')),
  year integer not null check (year between 2000 and 9999),
  last_seq integer not null default 0,
  primary key (company_id, series, year)
);
select enable_tenant_table('purchasing_counters');

create table purchase_orders (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  -- Drafts have no number; it is allocated when the order is sent.
  number text,
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'partially_received', 'received', 'cancelled')),
  supplier_id uuid not null references partners(id) on delete restrict,
  ordered_on date,
  expected_on date,
  note text,
  net_total numeric(18, 2) not null default 0,
  vat_total numeric(18, 2) not null default 0,
  total numeric(18, 2) not null default 0,
  source text not null default 'manual' check (source in ('manual', 'low_stock')),
  created_by uuid,
  sent_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, number),
  check ((status = 'draft') = (number is null) or status = 'cancelled')
);
create index purchase_orders_company on purchase_orders(company_id, created_at desc);
create index purchase_orders_supplier on purchase_orders(supplier_id, ordered_on);
select enable_tenant_table('purchase_orders');

create table purchase_order_lines (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  order_id uuid not null references purchase_orders(id) on delete cascade,
  line_no integer not null,
  item_id uuid not null references items(id) on delete restrict,
  description text,
  -- Quantity in `unit`; `unit_factor` converts one `unit` into the item's base unit.
  quantity numeric(18, 4) not null check (quantity > 0),
  unit text not null,
  unit_factor numeric(18, 6) not null default 1 check (unit_factor > 0),
  unit_price numeric(18, 4) not null check (unit_price >= 0),
  vat_rate numeric(5, 2) not null default 25 check (vat_rate between 0 and 100),
  net numeric(18, 2) not null,
  received_qty numeric(18, 4) not null default 0 check (received_qty >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (order_id, line_no)
);
create index purchase_order_lines_item on purchase_order_lines(company_id, item_id);
select enable_tenant_table('purchase_order_lines');

create table goods_receipts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  number text not null,
  order_id uuid not null references purchase_orders(id) on delete restrict,
  supplier_id uuid not null references partners(id) on delete restrict,
  location_id uuid not null references locations(id),
  received_on date not null,
  status text not null default 'posted' check (status in ('posted', 'cancelled')),
  stock_document_id uuid references stock_documents(id),
  reversal_document_id uuid references stock_documents(id),
  over_receipt_confirmed boolean not null default false,
  note text,
  created_by uuid,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, number)
);
create index goods_receipts_order on goods_receipts(order_id);
create index goods_receipts_supplier on goods_receipts(supplier_id, received_on);
select enable_tenant_table('goods_receipts');

create table goods_receipt_lines (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  receipt_id uuid not null references goods_receipts(id) on delete cascade,
  line_no integer not null,
  po_line_id uuid not null references purchase_order_lines(id) on delete restrict,
  item_id uuid not null references items(id),
  -- In the order line's unit; base_quantity in the item's base unit (what the ledger got).
  quantity numeric(18, 4) not null check (quantity > 0),
  base_quantity numeric(18, 4) not null check (base_quantity > 0),
  unit_price numeric(18, 4) not null check (unit_price >= 0),
  lot_number text,
  expires_on date,
  created_at timestamptz not null default now(),
  unique (receipt_id, line_no)
);
create index goods_receipt_lines_po_line on goods_receipt_lines(po_line_id);
select enable_tenant_table('goods_receipt_lines');

-- Posting endpoints (receipts, receipt cancellation) replay the stored response for a repeated key.
create table purchasing_idempotency (
  company_id uuid not null references tenants(id) on delete cascade,
  key text not null,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, key)
);
select enable_tenant_table('purchasing_idempotency');
