-- An operation's running stretch starts on the operation itself (started_at, set by start and
-- reopen, cleared by pause, finish and cancel after the stretch is logged in operation_time_logs),
-- whichever screen changed it. Before, the stretch was read from the shop floor's own events, so
-- an operation started or reopened on the work order page got no time logged by its pause or
-- finish, and its shop-floor card showed an older shop-floor start.
alter table work_order_operations add column started_at timestamptz;

-- A running operation whose last shop-floor event is a start keeps that start.
update work_order_operations o set started_at = (
  select e.created_at from shop_floor_events e where e.operation_id = o.id
  order by e.created_at desc, e.id desc limit 1)
where o.status = 'in_progress'
  and (select e.event from shop_floor_events e where e.operation_id = o.id
       order by e.created_at desc, e.id desc limit 1) = 'start';
