-- A valid eRačun for every kind of invoice (issue 18, deliverable 1).

-- Each user may carry an operator mark (HR-BT-4) and the operator's OIB (HR-BT-5, encrypted like
-- the other OIBs) on their own profile row; issuing an invoice copies them into the invoice's
-- seller snapshot, the OIB into its own encrypted column (the buyer's stays empty: one column
-- per snapshot secret, as for oib and iban).
alter table tenants add column operator_mark text;
alter table tenants add column operator_oib text;
grant update (operator_mark, operator_oib) on tenants to erp_app;
alter table documents add column seller_operator_oib text;
alter table documents add column buyer_operator_oib text;

-- Whether the company is in the VAT system (a small taxpayer outside it, čl. 90. Zakona o PDV-u,
-- writes every line as exempt with that article and its OIB as a tax registration, not a VAT id).
alter table company_settings add column vat_registered boolean not null default true;

-- A client's electronic address for eRačuni (BT-49) as `<EAS scheme>:<identifier>`, e.g.
-- `0088:4012345000009` or `EM:racuni@example.de`; without it a Croatian client is addressed by
-- its OIB (scheme 9934) and a foreign one by its e-mail.
alter table partners add column einvoice_address text;

-- Why an item is sold at 0 % VAT at home: `Z` (zero rate) or a VATEX exemption code of the
-- domain's VAT_EXEMPTIONS list; null = the general exemption wording.
alter table items add column vat_exemption text;
