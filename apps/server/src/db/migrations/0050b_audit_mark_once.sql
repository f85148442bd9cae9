-- The commit's mark is queued once per transaction and company, not once per audit row (issue 21,
-- after 0050).
--
-- Since 0050 the deferred trigger on audit_log (audit_seal) only marks the transaction ready. It
-- still fired at commit for every audit row (a one-line receipt writes four), each call a
-- PL/pgSQL function with an index probe of audit_ready that finds the mark the first call made.
-- Now audit_row() remembers, transaction-locally, the company whose row it wrote last
-- (audit.marked_company), and the trigger's WHEN condition queues the commit-time call only for a
-- row of another company than that. WHEN is evaluated when the row is inserted, before audit_row
-- sets the setting, so the first row of a company in the transaction is always queued. A setting
-- made inside a savepoint that rolls back is undone with it, as is the queued call; a
-- transaction that alternates companies queues again and the function finds its mark. Request
-- code setting audit.marked_company itself can only keep its own rows from being marked: then
-- `audit verify` reports them as unsealed, a break, never as sealed.

create or replace function audit_row() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
declare
  old_j jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_j jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  company uuid := (coalesce(new_j, old_j) ->> coalesce(tg_argv[0], 'company_id'))::uuid;
  rid text := coalesce(coalesce(new_j, old_j) ->> 'id', '');
  changes jsonb;
  -- Platform operators act with app.actor_id set to the nil uuid; users act as app.user_id.
  actor uuid := coalesce(nullif(current_setting('app.actor_id', true), '')::uuid, app_user_id());
begin
  -- The purge of a moved company removes history that lives on in the target database.
  if tg_op = 'DELETE' and app_purging(company) then
    return old;
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('old', old_j -> n.key, 'new', n.value)), '{}'::jsonb)
      into changes
      from jsonb_each(new_j) n
      where n.value is distinct from old_j -> n.key and n.key <> 'updated_at';
    if changes = '{}'::jsonb then
      return new;
    end if;
  elsif tg_op = 'INSERT' then
    select jsonb_object_agg(key, jsonb_build_object('new', value)) into changes from jsonb_each(new_j);
  else
    select jsonb_object_agg(key, jsonb_build_object('old', value)) into changes from jsonb_each(old_j);
  end if;
  insert into audit_log (company_id, table_name, row_id, action, changes, actor_id, at, tx)
    values (company, tg_table_name, rid, tg_op, changes, actor, clock_timestamp(), pg_current_xact_id());
  -- After the insert: its commit-time mark was queued (or not) by the WHEN below.
  if current_setting('audit.marked_company', true) is distinct from company::text then
    perform set_config('audit.marked_company', company::text, true);
  end if;
  return coalesce(new, old);
end $$;

drop trigger audit_seal on audit_log;
create constraint trigger audit_seal after insert on audit_log
  deferrable initially deferred for each row
  when (current_setting('audit.marked_company', true) is distinct from new.company_id::text)
  execute function audit_seal_pending();
