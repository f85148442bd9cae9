-- Issue 12: saved list views and the command palette's search.

-- A saved view is a named URL query string of one list plus its visible columns. Personal views are
-- seen only by their creator; shared ones by every member of the company.
create table saved_views (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  list_key text not null check (list_key ~ '^[a-z][a-z0-9-]{0,39}$'),
  name text not null check (length(name) between 1 and 80),
  query text not null default '' check (length(query) <= 2000),
  columns jsonb not null default '[]'::jsonb check (jsonb_typeof(columns) = 'array'),
  shared boolean not null default false,
  created_by uuid not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index saved_views_list on saved_views(company_id, list_key, lower(name));
select enable_tenant_table('saved_views');
-- Besides the company: somebody else's personal view is invisible (and so cannot be changed) even
-- to a query that forgets the filter; shared views stay visible to every member.
create policy saved_views_visibility on saved_views as restrictive for all
  using (shared or created_by = app_user_id())
  with check (shared or created_by = app_user_id());

-- The palette searches purchase orders by number; the other searched columns have trigram indexes.
create index purchase_orders_number_trgm on purchase_orders using gin (number gin_trgm_ops);
