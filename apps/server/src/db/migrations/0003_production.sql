-- Production master data: processes, versioned bills of materials and routings.
-- A product is an item (table items, kind 'product' or 'component'); BOM lines reference items.

create table processes (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  code text not null check (length(code) between 1 and 30),
  name text not null check (length(name) between 1 and 120),
  work_centre text not null default '',
  cost_per_hour numeric(18, 4) not null default 0 check (cost_per_hour >= 0),
  setup_minutes numeric(18, 4) not null default 0 check (setup_minutes >= 0),
  minutes_per_unit numeric(18, 6) not null default 0 check (minutes_per_unit >= 0),
  daily_capacity_hours numeric(6, 2) not null default 8 check (daily_capacity_hours between 0 and 24),
  quality_check_required boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, code)
);
create index processes_company on processes(company_id);
select enable_tenant_table('processes');

-- One row per BOM version of a product; at most one active version per product.
create table boms (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  product_id uuid not null references items(id) on delete cascade,
  version integer not null check (version > 0),
  status text not null default 'draft' check (status in ('draft', 'active', 'archived')),
  note text not null default '',
  -- The BOM's own named constants for its formulas, e.g. [{"name":"s","value":"5"}].
  variables jsonb not null default '[]'::jsonb,
  activated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (product_id, version)
);
create index boms_company on boms(company_id);
create unique index boms_one_active on boms(product_id) where status = 'active';
select enable_tenant_table('boms');

create table bom_lines (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  bom_id uuid not null references boms(id) on delete cascade,
  position integer not null check (position > 0),
  component_id uuid not null references items(id) on delete restrict,
  -- Fixed quantity per unit of the product, used when formula is null.
  quantity numeric(18, 6) check (quantity >= 0),
  formula text check (length(formula) <= 500),
  unit text not null,
  scrap_pct numeric(7, 3) not null default 0 check (scrap_pct >= 0),
  child_width text check (length(child_width) <= 500),
  child_height text check (length(child_height) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (bom_id, position),
  check (quantity is not null or formula is not null),
  foreign key (company_id, unit) references units(company_id, code) on update cascade
);
create index bom_lines_company on bom_lines(company_id);
create index bom_lines_component on bom_lines(component_id);
select enable_tenant_table('bom_lines');

-- The routing of a product: its ordered operations. Step times default to the process's.
create table routings (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  product_id uuid not null unique references items(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index routings_company on routings(company_id);
select enable_tenant_table('routings');

create table routing_steps (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  routing_id uuid not null references routings(id) on delete cascade,
  position integer not null check (position > 0),
  process_id uuid not null references processes(id) on delete restrict,
  setup_minutes numeric(18, 4) check (setup_minutes >= 0),
  minutes_per_unit numeric(18, 6) check (minutes_per_unit >= 0),
  note text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (routing_id, position)
);
create index routing_steps_company on routing_steps(company_id);
create index routing_steps_process on routing_steps(process_id);
select enable_tenant_table('routing_steps');
