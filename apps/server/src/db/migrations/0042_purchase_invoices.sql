-- Purchase invoices (ulazni računi, issue 19 deliverable 3): suppliers' eRačuni received through
-- the intermediary or uploaded as UBL files (Invoice or CreditNote), validated with the official
-- validators, matched to the supplier and a purchase order, approved or rejected, and paid.

-- One row per received document. `parsed` is the readable document as read from the XML
-- (seller, buyer, lines, VAT breakdown, totals, payment data) and `validation` the validators'
-- report ({ failures: [{ source, id, text }] }); both are written once, on receipt.
create table purchase_invoices (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  source text not null check (source in ('upload', 'intermediary')),
  -- The intermediary's own id of the delivery (null for uploads).
  source_ref text,
  doc_type text not null check (doc_type in ('invoice', 'credit_note')),
  type_code text not null,
  number text not null,
  issue_date date not null,
  due_date date,
  currency text not null,
  seller_name text not null default '',
  supplier_id uuid references partners(id) on delete restrict,
  purchase_order_id uuid references purchase_orders(id) on delete restrict,
  order_reference text,
  net_total numeric(18, 2) not null,
  vat_total numeric(18, 2) not null,
  total numeric(18, 2) not null,
  payable numeric(18, 2) not null,
  paid_total numeric(18, 2) not null default 0,
  -- received: valid, waiting for a decision; invalid: failed the validators (kept only when it
  -- arrived through the intermediary, so it can be rejected); approved; rejected.
  status text not null default 'received' check (status in ('received', 'invalid', 'approved', 'rejected')),
  valid boolean not null,
  validation jsonb not null,
  parsed jsonb not null,
  -- HUP / MFIN reason kind (VRSTARAZLOGAODBIJANJA): N, U or O, and the reason text.
  reject_code text check (reject_code in ('N', 'U', 'O')),
  reject_reason text,
  decided_at timestamptz,
  decided_by uuid,
  xml_sha256 text not null check (xml_sha256 ~ '^[0-9a-f]{64}$'),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, xml_sha256),
  check ((status = 'rejected') = (reject_code is not null and reject_reason is not null)),
  check (status <> 'invalid' or not valid),
  check (status not in ('received', 'approved') or valid)
);
create index purchase_invoices_list on purchase_invoices(company_id, issue_date desc, created_at desc);
create index purchase_invoices_supplier on purchase_invoices(supplier_id, issue_date desc);
create index purchase_invoices_order on purchase_invoices(purchase_order_id);
select enable_tenant_table('purchase_invoices');

-- The original bytes, kept as received. Not audited row by row (the audit trail would copy the
-- bytes); the SHA-256 is on the header row. Select and insert only, plus update for the archive
-- restore's upsert, which the trigger below keeps from changing anything.
create table purchase_invoice_files (
  company_id uuid not null references tenants(id) on delete cascade,
  invoice_id uuid primary key references purchase_invoices(id) on delete cascade,
  data bytea not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
create index purchase_invoice_files_company on purchase_invoice_files(company_id);
alter table purchase_invoice_files enable row level security;
alter table purchase_invoice_files force row level security;
create policy tenant_isolation on purchase_invoice_files for all using (company_id = app_company_id())
  with check (company_id = app_company_id());
grant select, insert, update on purchase_invoice_files to erp_app;
create function purchase_invoice_files_immutable() returns trigger language plpgsql as $$
begin
  if new.data is distinct from old.data or new.sha256 is distinct from old.sha256
    or new.invoice_id is distinct from old.invoice_id then
    raise exception 'a received invoice file is never changed' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger purchase_invoice_files_immutable before update on purchase_invoice_files
  for each row execute function purchase_invoice_files_immutable();

-- What was read from the XML never changes after receipt.
create function purchase_invoices_frozen() returns trigger language plpgsql as $$
begin
  if new.parsed is distinct from old.parsed or new.validation is distinct from old.validation
    or new.xml_sha256 is distinct from old.xml_sha256 or new.number is distinct from old.number
    or new.total is distinct from old.total or new.payable is distinct from old.payable
    or new.net_total is distinct from old.net_total or new.vat_total is distinct from old.vat_total
    or new.issue_date is distinct from old.issue_date or new.valid is distinct from old.valid then
    raise exception 'what was read from a received invoice is never changed' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger purchase_invoices_frozen before update on purchase_invoices
  for each row execute function purchase_invoices_frozen();

create table purchase_invoice_payments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  invoice_id uuid not null references purchase_invoices(id) on delete restrict,
  paid_on date not null,
  amount numeric(18, 2) not null check (amount > 0),
  note text,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index purchase_invoice_payments_invoice on purchase_invoice_payments(invoice_id);
select enable_tenant_table('purchase_invoice_payments');
