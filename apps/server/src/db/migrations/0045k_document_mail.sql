-- Documents e-mailed from the app (issue 22, deliverable 5). Each company sends through its own
-- SMTP server; the password is stored encrypted by the application (field-crypto, context
-- 'company_mail_settings.password'), never in plain text. Every attempt to send a document is
-- logged on the document: who, when, to whom, the result and the SMTP server's message id.
create table company_mail_settings (
  company_id uuid primary key references tenants(id) on delete cascade,
  host text not null,
  port integer not null check (port between 1 and 65535),
  security text not null check (security in ('tls', 'starttls', 'none')),
  username text,
  password text,
  from_address text not null,
  updated_at timestamptz not null default now()
);
select enable_tenant_table('company_mail_settings');

create table document_mails (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  sent_by uuid,
  sent_at timestamptz not null default now(),
  to_addresses text[] not null,
  cc_addresses text[] not null default '{}',
  subject text not null,
  attachments text[] not null default '{}',
  result text not null check (result in ('sent', 'failed')),
  message_id text,
  error_key text
);
create index document_mails_document on document_mails(document_id, sent_at);
select enable_tenant_table('document_mails');
