-- Shop floor (issue 12): what happened at a work centre, one row per tap or scan — start, pause,
-- finish with the quantities good and scrap. Time between a start and the next pause or finish is
-- also logged on the operation (operation_time_logs), so costs see it.
create table shop_floor_events (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  operation_id uuid not null references work_order_operations(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  event text not null check (event in ('start', 'pause', 'finish')),
  good_qty numeric(18, 4) check (good_qty >= 0),
  scrap_qty numeric(18, 4) check (scrap_qty >= 0),
  minutes numeric(18, 4),
  created_by uuid,
  created_at timestamptz not null default now()
);
create index shop_floor_events_operation on shop_floor_events(operation_id, created_at desc);
select enable_tenant_table('shop_floor_events');
