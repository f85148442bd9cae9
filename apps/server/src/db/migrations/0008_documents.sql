-- Documents (issue 6): quotes, work orders, delivery notes, invoices and credit notes. One header
-- table for every kind (shared numbering, lists, links, history and PDFs) with kind-specific
-- columns; stock moves only through the inventory posting service (stock_documents), and BOM
-- explosion only through the production domain.

-- Numbering settings per company: prefixes, Croatian invoice premises/device, payment model.
create table document_settings (
  company_id uuid primary key references tenants(id) on delete cascade,
  quote_prefix text not null default 'P-',
  work_order_prefix text not null default 'RN-',
  delivery_note_prefix text not null default 'OT-',
  invoice_premises text not null default 'POS1' check (invoice_premises ~ '^[0-9A-Za-z]{1,20}$'),
  invoice_device text not null default '1' check (invoice_device ~ '^[1-9][0-9]{0,19}$'),
  invoice_separator text not null default '-' check (invoice_separator in ('-', '/')),
  reference_model text not null default 'HR01' check (reference_model in ('HR00', 'HR01')),
  quote_valid_days integer not null default 30 check (quote_valid_days between 0 and 365),
  place_of_issue text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select enable_tenant_table('document_settings');

-- Gapless counters: one row per company, series and year, locked FOR UPDATE by the transaction
-- that creates (quotes, work orders, delivery notes) or issues (invoices) a document.
create table document_counters (
  company_id uuid not null references tenants(id) on delete cascade,
  series text not null,
  year integer not null check (year between 2000 and 9999),
  last_seq integer not null default 0 check (last_seq >= 0),
  primary key (company_id, series, year)
);
select enable_tenant_table('document_counters');

create table documents (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  kind text not null check (kind in ('quote', 'work_order', 'delivery_note', 'invoice', 'credit_note')),
  -- Invoices and credit notes get their number when issued; everything else when created.
  number text,
  seq integer,
  year integer,
  status text not null default 'draft',
  client_id uuid references partners(id) on delete restrict,
  doc_date date not null default current_date,
  valid_until date,
  due_date date,
  delivery_date date,
  issued_at timestamptz,
  delivery_address text,
  note text,
  -- Work orders: where materials are taken from and where the products go.
  source_location_id uuid references locations(id),
  output_location_id uuid references locations(id),
  -- Invoices: payment reference and place of issue, frozen at issue.
  reference_model text check (reference_model in ('HR00', 'HR01')),
  payment_reference text,
  place_of_issue text,
  original_invoice_id uuid references documents(id),
  -- Snapshot of seller and buyer at issue (an issued invoice never changes with master data).
  seller jsonb,
  buyer jsonb,
  -- Stock postings made by this document (inventory's stock_documents).
  stock_document_id uuid references stock_documents(id),
  reversal_document_id uuid references stock_documents(id),
  output_lot_id uuid references lots(id),
  net_total numeric(18, 2) not null default 0,
  vat_total numeric(18, 2) not null default 0,
  total numeric(18, 2) not null default 0,
  paid_total numeric(18, 2) not null default 0,
  credited_total numeric(18, 2) not null default 0,
  planned_material_cost numeric(18, 2),
  planned_labour_cost numeric(18, 2),
  actual_material_cost numeric(18, 2),
  actual_labour_cost numeric(18, 2),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, kind, number),
  check (
    (kind = 'quote' and status in ('draft', 'sent', 'accepted', 'rejected', 'expired', 'converted'))
    or (kind = 'work_order' and status in ('draft', 'planned', 'in_progress', 'completed', 'cancelled'))
    or (kind = 'delivery_note' and status in ('draft', 'issued', 'delivered', 'cancelled'))
    or (kind in ('invoice', 'credit_note') and status in ('draft', 'issued'))
  ),
  check (number is not null or (kind in ('invoice', 'credit_note') and status = 'draft'))
);
create index documents_list on documents(company_id, kind, doc_date desc, number desc);
create index documents_client on documents(client_id, doc_date desc);
create index documents_number_trgm on documents using gin (number gin_trgm_ops);
select enable_tenant_table('documents');

create table document_lines (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  position integer not null check (position > 0),
  item_id uuid references items(id) on delete restrict,
  description text not null default '',
  quantity numeric(18, 6) not null,
  unit text not null default 'kom',
  width_mm numeric(12, 2),
  height_mm numeric(12, 2),
  unit_price numeric(18, 4) not null default 0 check (unit_price >= 0),
  discount_pct numeric(5, 2) not null default 0 check (discount_pct between 0 and 100),
  vat_rate numeric(5, 2) not null default 25 check (vat_rate in (25, 13, 5, 0)),
  net_amount numeric(18, 2) not null default 0,
  kpd_code text,
  lot_id uuid references lots(id),
  -- The line of the document this one was made from (quote line → work order line, ...).
  source_line_id uuid references document_lines(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (document_id, position)
);
create index document_lines_document on document_lines(document_id);
create index document_lines_item on document_lines(item_id) where item_id is not null;
select enable_tenant_table('document_lines');

-- Links between documents: converted, delivered, invoiced, credited, duplicated.
create table document_links (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  from_id uuid not null references documents(id) on delete cascade,
  to_id uuid not null references documents(id) on delete cascade,
  relation text not null check (relation in ('converted', 'delivered', 'invoiced', 'credited', 'duplicated')),
  created_at timestamptz not null default now(),
  unique (from_id, to_id, relation),
  check (from_id <> to_id)
);
create index document_links_to on document_links(to_id);
select enable_tenant_table('document_links');

-- Work order material requirements (BOM explosion of all lines with their dimensions).
create table work_order_materials (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  item_id uuid not null references items(id) on delete restrict,
  unit text not null,
  planned_qty numeric(18, 6) not null check (planned_qty >= 0),
  -- What the completion actually consumed (editable before posting; null = planned).
  actual_qty numeric(18, 6) check (actual_qty >= 0),
  planned_unit_cost numeric(18, 6) not null default 0,
  actual_unit_cost numeric(18, 6),
  reservation_id uuid references reservations(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (document_id, item_id, unit)
);
create index work_order_materials_document on work_order_materials(document_id);
select enable_tenant_table('work_order_materials');

-- Operations from the routings of the products on the order.
create table work_order_operations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  line_id uuid references document_lines(id) on delete cascade,
  position integer not null,
  process_id uuid references processes(id) on delete restrict,
  code text not null,
  name text not null,
  planned_minutes numeric(18, 4) not null default 0,
  cost_per_hour numeric(18, 4) not null default 0,
  quality_check_required boolean not null default false,
  status text not null default 'pending' check (status in ('pending', 'in_progress', 'paused', 'done')),
  logged_minutes numeric(18, 4) not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (document_id, position)
);
create index work_order_operations_document on work_order_operations(document_id);
select enable_tenant_table('work_order_operations');

create table operation_time_logs (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  operation_id uuid not null references work_order_operations(id) on delete cascade,
  minutes numeric(18, 4) not null check (minutes > 0),
  note text,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index operation_time_logs_operation on operation_time_logs(operation_id);
select enable_tenant_table('operation_time_logs');

-- Quality checks: the latest check of an operation decides; a failed one blocks completion.
create table quality_checks (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  operation_id uuid not null references work_order_operations(id) on delete cascade,
  result text not null check (result in ('pass', 'fail', 'note')),
  note text,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index quality_checks_operation on quality_checks(operation_id, created_at desc);
select enable_tenant_table('quality_checks');

create table invoice_payments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references documents(id) on delete restrict,
  paid_on date not null,
  amount numeric(18, 2) not null check (amount > 0),
  note text,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index invoice_payments_document on invoice_payments(document_id);
select enable_tenant_table('invoice_payments');

-- Idempotency keys of posting endpoints: a replay returns the stored response.
create table document_idempotency (
  company_id uuid not null references tenants(id) on delete cascade,
  key text not null,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, key)
);
select enable_tenant_table('document_idempotency');
