-- Cutting jobs (krojne liste): pieces, stock and the stored plan of one job, as JSON documents
-- validated by the domain schema; remnants that cutting returned to stock, linked to their parent.
create table cutting_jobs (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  number integer not null,
  name text not null check (length(name) between 1 and 120),
  kind text not null check (kind in ('1d', '2d')),
  status text not null default 'draft' check (status in ('draft', 'planned', 'confirmed', 'completed')),
  source_type text not null default 'adhoc' check (source_type in ('adhoc', 'work_order')),
  source_id uuid,
  input jsonb not null,
  plan jsonb,
  stock_count integer,
  lower_bound integer,
  waste_percent numeric(7, 2),
  planned_at timestamptz,
  confirmed_at timestamptz,
  completed_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, number)
);
create index cutting_jobs_company on cutting_jobs(company_id, created_at desc);
select enable_tenant_table('cutting_jobs');

create table cutting_remnants (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  job_id uuid not null references cutting_jobs(id) on delete restrict,
  item_id uuid not null references items(id) on delete restrict,
  lot_id uuid references lots(id) on delete restrict,
  parent_item_id uuid references items(id) on delete restrict,
  parent_lot_id uuid references lots(id) on delete restrict,
  length_mm integer not null,
  width_mm integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cutting_remnants_company on cutting_remnants(company_id, item_id);
select enable_tenant_table('cutting_remnants');

create table cutting_idempotency (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  key text not null,
  job_id uuid not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, key)
);
select enable_tenant_table('cutting_idempotency');
