-- Cancelling a work order cancels its operations that are not done (the domain's operation
-- lifecycle, action `cancel`): a running or paused operation of a cancelled order is no longer
-- shown "in progress". The running stretch is logged as time before the status changes.
alter table work_order_operations drop constraint work_order_operations_status_check;
alter table work_order_operations add constraint work_order_operations_status_check
  check (status in ('pending', 'in_progress', 'paused', 'done', 'cancelled'));
