-- Partners (issue 5): clients and suppliers share one identity table; `role` says which list a row
-- belongs to (a firm that is both is entered once in each list). Tenant recipe throughout.

create table partners (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  role text not null check (role in ('client', 'supplier')),
  kind text not null default 'company' check (kind in ('company', 'person')),
  name text not null check (length(name) between 2 and 200),
  -- Normalised name (lower case, no diacritics, no legal form): duplicate detection compares these.
  name_key text not null,
  oib text check (oib ~ '^\d{11}$'),
  vat_id text,
  billing_address jsonb,
  delivery_address jsonb,
  email text,
  phone text,
  payment_terms_days integer not null default 15 check (payment_terms_days between 0 and 365),
  default_discount numeric(5, 2) not null default 0 check (default_discount between 0 and 100),
  notes text,
  active boolean not null default true,
  lead_time_days integer check (lead_time_days between 0 and 365),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- OIB is unique per company and list.
create unique index partners_oib on partners(company_id, role, oib) where oib is not null;
create index partners_company_name on partners(company_id, role, name);
create index partners_name_key_trgm on partners using gin (name_key gin_trgm_ops);
select enable_tenant_table('partners');

create table partner_contacts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  partner_id uuid not null references partners(id) on delete cascade,
  position_no integer not null,
  name text not null,
  position text,
  email text,
  phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index partner_contacts_partner on partner_contacts(partner_id, position_no);
select enable_tenant_table('partner_contacts');

-- Items a supplier delivers, with the supplier's own code, price and minimum order quantity.
create table supplier_items (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  supplier_id uuid not null references partners(id) on delete cascade,
  item_id uuid not null references items(id) on delete cascade,
  supplier_sku text,
  price numeric(18, 4),
  min_order_qty numeric(18, 4),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (supplier_id, item_id)
);
create index supplier_items_item on supplier_items(company_id, item_id);
select enable_tenant_table('supplier_items');

-- Items and lots name their supplier (migration 0002 left these columns without a key).
alter table items add constraint items_default_supplier_fk
  foreign key (default_supplier_id) references partners(id) on delete set null;
alter table lots add constraint lots_supplier_fk
  foreign key (supplier_id) references partners(id) on delete set null;
