-- One store of Idempotency-Keys for every posting endpoint (issue 17): the request hash and the
-- answer, written in the same transaction as the posting. It replaces inventory_idempotency,
-- purchasing_idempotency, document_idempotency and cutting_idempotency, which are dropped once
-- no code reads them. Bookkeeping, not business data: tenant-isolated like every company table,
-- but not audited (a key is not an event a person made) and never updated or deleted by the app.
create table idempotency_keys (
  company_id uuid not null references tenants(id) on delete cascade,
  key text not null,
  request_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, key)
);
alter table idempotency_keys enable row level security;
alter table idempotency_keys force row level security;
create policy tenant_isolation on idempotency_keys for all using (company_id = app_company_id())
  with check (company_id = app_company_id());
grant select, insert on idempotency_keys to erp_app;
