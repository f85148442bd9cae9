-- B2C fiscalisation through CIS (issue 18, deliverable 3; Fiskalizacija tehnička specifikacija
-- v2.6). The business premises and device marks stay where invoice numbers already take them
-- (document_settings.invoice_premises / invoice_device); this adds the CIS settings and the
-- certificate, one fiscal record per fiscalised invoice (ZKI, JIR, state) and every message sent
-- to CIS with its answer.

create table fiscal_settings (
  company_id uuid primary key references tenants(id) on delete cascade,
  -- "Fiscalise B2C invoices": when on, issuing an invoice to a consumer needs the certificate.
  enabled boolean not null default false,
  -- Oznaka slijednosti: P = numbers per business premises, N = per device (the counter today).
  sequence_mark text not null default 'N' check (sequence_mark in ('P', 'N')),
  cis_url text not null default 'https://cis.porezna-uprava.hr:8449/FiskalizacijaService'
    check (cis_url ~ '^https?://'),
  -- How long issuing waits for CIS before the invoice goes out with its ZKI only (spec 2.1).
  timeout_ms integer not null default 3000 check (timeout_ms between 200 and 30000),
  -- The PKCS#12 bundle (base64) and its password, both encrypted with field-crypto
  -- ("fiscal_settings.certificate", "fiscal_settings.certificate_password").
  certificate text,
  certificate_password text,
  -- What the settings screen shows of it (the OIB encrypted like every OIB column).
  certificate_subject text,
  certificate_issuer text,
  certificate_serial text,
  certificate_oib text,
  certificate_not_before timestamptz,
  certificate_not_after timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select enable_tenant_table('fiscal_settings');

-- One row per fiscalised invoice or credit note, written in the issuing transaction. `racun`
-- holds the Racun data as sent (encrypted JSON: OIBs), so a late delivery sends the same data
-- with NakDost = true; `zki` and what was known at issue are printed on the frozen PDF.
create table fiscal_invoices (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null unique references documents(id) on delete cascade,
  zki text not null check (zki ~ '^[0-9a-f]{32}$'),
  jir text check (jir ~ '^[0-9a-f-]{36}$'),
  state text not null check (state in ('pending', 'delivered', 'failed')),
  -- Date and time of issue as CIS and the QR code see it (Zagreb wall clock).
  issued_at timestamptz not null,
  amount numeric(15, 2) not null,
  racun text not null,
  -- Answered at issue (JIR printed), or delivered later (naknadna dostava).
  late boolean not null default false,
  error_code text,
  error_message text,
  -- Two working days after issue (Zakon o fiskalizaciji čl. 21. st. 2.).
  deadline date not null,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((state = 'delivered') = (jir is not null))
);
create index fiscal_invoices_company_state on fiscal_invoices(company_id, state);
select enable_tenant_table('fiscal_invoices');

-- Every RacunZahtjev sent and what came back (or that nothing did). Append-only for the app, and
-- not audited row by row (the audit trail would copy whole messages); the fiscal_invoices row
-- that an attempt changes is audited. The request (OIBs) is encrypted
-- ("fiscal_attempts.request_xml").
create table fiscal_attempts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  fiscal_invoice_id uuid not null references fiscal_invoices(id) on delete cascade,
  message_id uuid not null,
  late boolean not null,
  request_xml text not null,
  response_xml text,
  http_status integer,
  outcome text not null check (outcome in ('jir', 'error', 'unavailable')),
  error_code text,
  error_message text,
  duration_ms integer not null,
  created_at timestamptz not null default now()
);
create index fiscal_attempts_invoice on fiscal_attempts(fiscal_invoice_id, created_at);
create index fiscal_attempts_company on fiscal_attempts(company_id);
alter table fiscal_attempts enable row level security;
alter table fiscal_attempts force row level security;
create policy tenant_isolation on fiscal_attempts for all using (company_id = app_company_id())
  with check (company_id = app_company_id());
grant select, insert on fiscal_attempts to erp_app;
