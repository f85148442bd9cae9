-- The business premises the company declares as registered for fiscalisation (issue 18,
-- deliverable 3). Invoice numbers keep taking the premises and device from document_settings;
-- a consumer invoice is fiscalised only when that premises is the one declared here, so a
-- company that never declared one, or changed the numbering to another premises, is told what
-- is missing instead of sending CIS a premises it does not know.
alter table fiscal_settings add column registered_premises text
  check (registered_premises ~ '^[0-9A-Za-z]{1,20}$');
