-- A refund paid back to a client is recorded as a negative payment of the invoice: crediting an
-- invoice after a partial payment leaves the client owed money (outstanding below zero, payment
-- status refund_due), and the refund brings the outstanding back to zero. Payments were positive
-- only; now any amount but zero (POST /api/invoices/:id/refunds writes the negative ones).
alter table invoice_payments drop constraint invoice_payments_amount_check;
alter table invoice_payments add constraint invoice_payments_amount_check check (amount <> 0);
