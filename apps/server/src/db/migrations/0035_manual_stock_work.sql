-- Manual stock work that keeps the books true (issue 17, deliverable 9).

-- A count line remembers the book quantity at the moment it was counted: posting books exactly
-- counted - book_qty (the difference the sheet shows), and stock that moved after counted_at is
-- reported so the line can be counted again. Lines counted before this migration keep the sheet's
-- snapshot as their book quantity.
alter table stock_count_lines add column book_qty numeric(18, 4);
alter table stock_count_lines add column counted_at timestamptz;
update stock_count_lines set book_qty = expected_qty, counted_at = updated_at where counted_qty is not null;

-- Why stock was issued, moved or adjusted by hand (a code from the domain's STOCK_REASONS), and
-- the business day the document belongs to (a goods receipt's received_on; otherwise the Zagreb
-- day of posting). The ledger is append-only, so older documents are not updated: readers fall
-- back to the Zagreb day of created_at.
alter table stock_documents add column reason text;
alter table stock_documents add column document_date date
  default ((now() at time zone 'Europe/Zagreb')::date);

-- The movements list finds a receipt's owner through its stock document; receipts are numbered in
-- date order, checked against the latest receipt date of the year.
create index goods_receipts_stock_document on goods_receipts(stock_document_id);
create index goods_receipts_received on goods_receipts(company_id, received_on);
