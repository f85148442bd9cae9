-- Advance invoices (računi za predujam, UBL InvoiceTypeCode 386) and the final invoice that
-- deducts them (issue 18, deliverable 1). An advance invoice is an invoice (kind 'invoice', the
-- invoice series, payments, credit notes) that names the quote or work order it is an advance
-- for. The final invoice of that order deducts it once: the deduction is a row here (unique per
-- advance, so two final invoices can never both deduct one advance) and the advance's amount
-- settles the final invoice as a payment row that names the advance (not money received).

alter table documents add column advance_for_id uuid references documents(id) on delete restrict;
create index documents_advance_for on documents(advance_for_id) where advance_for_id is not null;

create table advance_deductions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  advance_id uuid not null references documents(id) on delete restrict,
  invoice_id uuid not null references documents(id) on delete restrict,
  net numeric(18, 2) not null,
  vat numeric(18, 2) not null,
  total numeric(18, 2) not null,
  created_at timestamptz not null default now(),
  unique (advance_id)
);
create index advance_deductions_company on advance_deductions(company_id);
create index advance_deductions_invoice on advance_deductions(invoice_id);
select enable_tenant_table('advance_deductions');

-- A payment row that is the settlement of a final invoice by a deducted advance.
alter table invoice_payments add column advance_id uuid references documents(id) on delete restrict;
