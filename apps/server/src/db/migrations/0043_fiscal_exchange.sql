-- Fiskalizacija 2.0 (issue 19, deliverables 1 and 2): the fiscalisation and e-reporting messages
-- sent to Porezna's Sustav za fiskalizaciju (EvidentirajERacun for issued and received eRačuni,
-- EvidentirajNaplatu, EvidentirajOdbijanje, EvidentirajIsporukuZaKojuNijeIzdanERacun), kept in an
-- outbox, and the exchange of eRačuni through an information intermediary.

-- Per company: whether messages are made and where they go, and the intermediary. The
-- intermediary's secret (password or API token) is encrypted with field-crypto
-- ("fiscal_exchange_settings.intermediary_secret").
create table fiscal_exchange_settings (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null unique references tenants(id) on delete cascade,
  enabled boolean not null default false,
  porezna_url text,
  intermediary_kind text not null default 'none' check (intermediary_kind in ('none', 'http', 'demo')),
  intermediary_url text,
  intermediary_username text,
  intermediary_secret text,
  auto_send boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (intermediary_kind <> 'http' or intermediary_url is not null)
);
select enable_tenant_table('fiscal_exchange_settings');

-- The outbox: one row per message. `id` is also the request's id attribute, so every attempt
-- sends the same message and a receiver can recognise a repeat. `body_xml` is the unsigned
-- request made when the message was queued; `request_xml` the signed one, made on the first
-- attempt and sent unchanged by every later one. `due_on` is the legal deadline.
create table fiscal_messages (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  kind text not null check (kind in ('eracun_issued', 'eracun_received', 'payment', 'rejection', 'no_eracun')),
  document_id uuid references documents(id) on delete restrict,
  payment_id uuid references invoice_payments(id) on delete restrict,
  purchase_invoice_id uuid references purchase_invoices(id) on delete restrict,
  document_number text not null,
  issue_date date not null,
  amount numeric(18, 2),
  event_date date,
  due_on date not null,
  body_xml text not null,
  request_xml text,
  state text not null default 'queued' check (state in ('queued', 'sending', 'accepted', 'refused', 'failed')),
  attempts integer not null default 0,
  error_code text,
  error_text text,
  answer_id text,
  accepted_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (document_id is not null or purchase_invoice_id is not null)
);
create index fiscal_messages_company on fiscal_messages(company_id, state, due_on);
create index fiscal_messages_document on fiscal_messages(document_id);
create index fiscal_messages_purchase on fiscal_messages(purchase_invoice_id);
-- One message per fact: an issued eRačun or a supply reported without one, a payment, a received
-- eRačun, a rejection.
create unique index fiscal_messages_once_document on fiscal_messages(document_id)
  where kind in ('eracun_issued', 'no_eracun');
create unique index fiscal_messages_once_payment on fiscal_messages(payment_id) where kind = 'payment';
create unique index fiscal_messages_once_purchase on fiscal_messages(purchase_invoice_id, kind)
  where kind in ('eracun_received', 'rejection');
select enable_tenant_table('fiscal_messages');

-- Every attempt to send a message: the request as sent and the answer as received (or why there
-- was none). Written once; not audited row by row (the audit trail would copy the XML).
create table fiscal_message_attempts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  message_id uuid not null references fiscal_messages(id) on delete cascade,
  attempt integer not null,
  worker text not null,
  outcome text not null check (outcome in ('accepted', 'refused', 'error', 'timeout')),
  http_status integer,
  request_xml text not null,
  answer_xml text,
  error_text text,
  started_at timestamptz not null,
  finished_at timestamptz not null default now()
);
create index fiscal_message_attempts_message on fiscal_message_attempts(message_id, attempt);
create index fiscal_message_attempts_company on fiscal_message_attempts(company_id);
alter table fiscal_message_attempts enable row level security;
alter table fiscal_message_attempts force row level security;
create policy tenant_isolation on fiscal_message_attempts for all using (company_id = app_company_id())
  with check (company_id = app_company_id());
grant select, insert on fiscal_message_attempts to erp_app;

-- Issued eRačuni sent through the intermediary: one row per document, its state at the
-- intermediary (sent → delivered, or refused by it / the recipient).
create table einvoice_deliveries (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null unique references documents(id) on delete restrict,
  state text not null default 'queued' check (state in ('queued', 'sent', 'delivered', 'refused', 'failed')),
  intermediary_ref text,
  attempts integer not null default 0,
  error_text text,
  sent_at timestamptz,
  delivered_at timestamptz,
  checked_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index einvoice_deliveries_company on einvoice_deliveries(company_id, state);
select enable_tenant_table('einvoice_deliveries');
