-- Inventory: units, items, locations, the stock ledger, balances, lots, reservations, counts.
-- Every table follows the tenant recipe (company_id, forced RLS, erp_app grants, audit trigger).

-- Trigram indexes keep "contains" search on SKU and name fast at 100 000 items. pg_trgm is a
-- trusted extension on PostgreSQL 13+; PGlite loads it in database.ts.
create extension if not exists pg_trgm;

-- Per-company settings; other areas add their own columns in later migrations.
create table company_settings (
  company_id uuid primary key references tenants(id) on delete cascade,
  allow_negative_stock boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select enable_tenant_table('company_settings');

-- Units of measure (kom, m, m2, m3, kg, l, h and any the company adds), by code.
create table units (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  code text not null check (length(code) between 1 and 16),
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, code)
);
select enable_tenant_table('units');

create table locations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  code text not null,
  name text not null,
  type text not null default 'storage' check (type in ('storage', 'production', 'scrap', 'transit')),
  parent_id uuid references locations(id) on delete restrict,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, code),
  check (parent_id is null or parent_id <> id)
);
create index locations_company on locations(company_id);
create index locations_parent on locations(parent_id);
select enable_tenant_table('locations');

create table items (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  sku text not null check (length(sku) between 1 and 64),
  name text not null check (length(name) between 1 and 200),
  kind text not null check (kind in ('material', 'component', 'product', 'service')),
  base_unit text not null,
  length_mm numeric(12, 2),
  width_mm numeric(12, 2),
  thickness_mm numeric(12, 2),
  lot_tracked boolean not null default false,
  reorder_point numeric(18, 4),
  reorder_qty numeric(18, 4),
  -- Suppliers arrive with purchasing; the foreign key is added then.
  default_supplier_id uuid,
  purchase_price numeric(18, 4),
  sales_price numeric(18, 4),
  vat_rate numeric(5, 2) not null default 25,
  kpd_code text,
  active boolean not null default true,
  image_file_id uuid references files(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, sku),
  foreign key (company_id, base_unit) references units(company_id, code) on update cascade
);
create index items_company_name on items(company_id, name);
create index items_company_kind on items(company_id, kind, sku);
create index items_sku_trgm on items using gin (sku gin_trgm_ops);
create index items_name_trgm on items using gin (name gin_trgm_ops);
select enable_tenant_table('items');

-- 1 <unit> = factor × base unit (a box of 50 pieces: unit 'kut', factor 50).
create table item_unit_conversions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  item_id uuid not null references items(id) on delete cascade,
  unit text not null,
  factor numeric(18, 6) not null check (factor > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (item_id, unit),
  foreign key (company_id, unit) references units(company_id, code) on update cascade
);
create index item_unit_conversions_company on item_unit_conversions(company_id);
select enable_tenant_table('item_unit_conversions');

create table lots (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  item_id uuid not null references items(id) on delete restrict,
  lot_number text not null,
  supplier_id uuid,
  received_on date not null default current_date,
  expires_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, item_id, lot_number)
);
create index lots_item on lots(item_id);
select enable_tenant_table('lots');

-- Production records which lots went into which output lot; traced both ways.
create table lot_links (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  consumed_lot_id uuid not null references lots(id) on delete restrict,
  produced_lot_id uuid not null references lots(id) on delete restrict,
  quantity numeric(18, 4) not null,
  source_type text,
  source_id uuid,
  created_at timestamptz not null default now(),
  check (consumed_lot_id <> produced_lot_id)
);
create index lot_links_consumed on lot_links(consumed_lot_id);
create index lot_links_produced on lot_links(produced_lot_id);
select enable_tenant_table('lot_links');

-- One posting (receipt, issue, transfer, adjustment, count, reversal, ...) groups its movements.
create table stock_documents (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  type text not null check (type in ('receipt', 'issue', 'transfer', 'adjustment', 'count',
    'production', 'delivery', 'reversal', 'opening')),
  reference text,
  note text,
  reverses_document_id uuid unique references stock_documents(id),
  source_type text,
  source_id uuid,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index stock_documents_company on stock_documents(company_id, created_at desc);
select enable_tenant_table('stock_documents');

-- The ledger: append-only; a mistake is undone by a reversal, never by an edit.
create table stock_movements (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references stock_documents(id),
  line_no integer not null,
  type text not null check (type in ('receipt', 'issue', 'transfer', 'adjustment',
    'production_consumption', 'production_output', 'delivery', 'reversal')),
  item_id uuid not null references items(id),
  location_id uuid not null references locations(id),
  lot_id uuid references lots(id),
  quantity numeric(18, 4) not null check (quantity <> 0),
  unit_cost numeric(18, 6) not null default 0,
  reverses_movement_id uuid unique references stock_movements(id),
  source_type text,
  source_id uuid,
  source_line_id uuid,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index stock_movements_item on stock_movements(company_id, item_id, created_at desc);
create index stock_movements_location on stock_movements(location_id, created_at desc);
create index stock_movements_lot on stock_movements(lot_id) where lot_id is not null;
create index stock_movements_document on stock_movements(document_id);
select enable_tenant_table('stock_movements');

create function stock_ledger_immutable() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: post a reversal instead', tg_table_name using errcode = 'insufficient_privilege';
end $$;
create trigger stock_movements_immutable before update or delete on stock_movements
  for each row execute function stock_ledger_immutable();
create trigger stock_documents_immutable before update or delete on stock_documents
  for each row execute function stock_ledger_immutable();

-- Per item: total on hand, moving average cost and what purchasing has on order. Its row is also
-- the lock a posting takes (in item order) before touching the item's balances.
create table item_stock (
  item_id uuid primary key references items(id) on delete cascade,
  company_id uuid not null references tenants(id) on delete cascade,
  on_hand numeric(18, 4) not null default 0,
  avg_cost numeric(18, 6) not null default 0,
  on_order numeric(18, 4) not null default 0,
  updated_at timestamptz not null default now()
);
create index item_stock_company on item_stock(company_id);
select enable_tenant_table('item_stock');

-- Every item gets its item_stock row when it is created, so a posting only ever locks existing
-- rows (in item order) and never inserts one while holding another item's lock.
create function items_create_stock_row() returns trigger language plpgsql as $$
begin
  insert into item_stock (item_id, company_id) values (new.id, new.company_id);
  return new;
end $$;
create trigger items_stock_row after insert on items for each row execute function items_create_stock_row();

-- Balance per item/location/lot; always equals the sum of the ledger for that key.
create table stock_balances (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  item_id uuid not null references items(id) on delete cascade,
  location_id uuid not null references locations(id),
  lot_id uuid references lots(id),
  quantity numeric(18, 4) not null default 0,
  updated_at timestamptz not null default now(),
  unique nulls not distinct (company_id, item_id, location_id, lot_id)
);
create index stock_balances_location on stock_balances(location_id);
create index stock_balances_lot on stock_balances(lot_id) where lot_id is not null;
select enable_tenant_table('stock_balances');

-- Planned work orders and delivery notes reserve stock; available = on hand - reserved.
create table reservations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  item_id uuid not null references items(id) on delete cascade,
  location_id uuid references locations(id),
  lot_id uuid references lots(id),
  quantity numeric(18, 4) not null check (quantity > 0),
  status text not null default 'active' check (status in ('active', 'released', 'consumed')),
  source_type text,
  source_id uuid,
  note text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reservations_item on reservations(company_id, item_id) where status = 'active';
select enable_tenant_table('reservations');

-- Stock counts (inventura): a sheet per location; posting books the differences as adjustments.
create table stock_counts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  location_id uuid not null references locations(id),
  status text not null default 'draft' check (status in ('draft', 'posted')),
  note text,
  document_id uuid references stock_documents(id),
  created_by uuid,
  posted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index stock_counts_company on stock_counts(company_id, created_at desc);
select enable_tenant_table('stock_counts');

create table stock_count_lines (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  count_id uuid not null references stock_counts(id) on delete cascade,
  item_id uuid not null references items(id),
  lot_id uuid references lots(id),
  expected_qty numeric(18, 4) not null,
  counted_qty numeric(18, 4),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique nulls not distinct (count_id, item_id, lot_id)
);
create index stock_count_lines_count on stock_count_lines(count_id);
select enable_tenant_table('stock_count_lines');

-- Posting endpoints replay the stored response for a repeated Idempotency-Key.
create table inventory_idempotency (
  company_id uuid not null references tenants(id) on delete cascade,
  key text not null,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, key)
);
select enable_tenant_table('inventory_idempotency');

-- Availability per item (security_invoker: the caller's row-level security applies).
create view item_availability with (security_invoker = true) as
  select i.id as item_id, i.company_id,
    coalesce(s.on_hand, 0) as on_hand,
    coalesce(r.reserved, 0) as reserved,
    coalesce(s.on_hand, 0) - coalesce(r.reserved, 0) as available,
    coalesce(s.on_order, 0) as on_order,
    coalesce(s.avg_cost, 0) as avg_cost
  from items i
  left join item_stock s on s.item_id = i.id
  left join (select item_id, sum(quantity) as reserved from reservations where status = 'active'
    group by item_id) r on r.item_id = i.id;
grant select on item_availability to erp_app;
