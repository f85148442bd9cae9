-- Domestic reverse charge (issue 18, deliverable 1): an invoice for construction work to a Croatian
-- VAT payer is issued under čl. 75. st. 3. t. a) Zakona o PDV-u (the buyer accounts for the VAT).
-- A switch on the invoice draft; issuing copies it into the buyer snapshot, where the eRačun, the
-- PDF and the register read it. Audited with the documents row.
alter table documents add column domestic_reverse_charge boolean not null default false;
