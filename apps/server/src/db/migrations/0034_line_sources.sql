-- Issue 17: delivered and invoiced quantities are read per source line through
-- document_lines.source_line_id (work-order line -> delivery-note line -> invoice line -> credit-note
-- line), on every delivery note, invoice and credit note written; index the chain.
create index document_lines_source on document_lines(source_line_id) where source_line_id is not null;
