-- Links of advance invoices (0041): the quote or work order → its advance invoice ('advance'), and
-- the advance invoice → the final invoice that deducted it ('deducted'), so each shows in the
-- other's documents.
alter table document_links drop constraint document_links_relation_check;
alter table document_links add constraint document_links_relation_check
  check (relation in ('converted', 'delivered', 'invoiced', 'credited', 'duplicated', 'advance', 'deducted'));
