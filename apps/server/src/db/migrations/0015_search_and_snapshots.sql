-- 1. Item search that can use the trigram indexes under row-level security.
--
-- Under RLS a query's own conditions may run before the policy's only if they are LEAKPROOF, and
-- ILIKE is not: PostgreSQL then refuses the trigram indexes on items and reads every item of the
-- company for each search (bench/inventory/RESULTS.md). The lookup of matching ids therefore runs
-- in a SECURITY DEFINER function over a side table that has no RLS and that erp_app cannot read at
-- all; the function scopes it to app_company_id() itself (the transaction's tenant setting, set by
-- withCompany after the membership check, never a client parameter), and the caller joins those
-- ids to items, where the tenant policy still applies. RLS stays the enforcement: a wrong id
-- set from the function could never show another company's item.
create table item_search (
  item_id uuid primary key references items(id) on delete cascade,
  company_id uuid not null references tenants(id) on delete cascade,
  sku text not null,
  name text not null
);
create index item_search_sku_trgm on item_search using gin (sku gin_trgm_ops);
create index item_search_name_trgm on item_search using gin (name gin_trgm_ops);
create index item_search_company on item_search(company_id);
revoke all on item_search from public;
revoke all on item_search from erp_app;

insert into item_search (item_id, company_id, sku, name) select id, company_id, sku, name from items;

-- Kept in step with items by a trigger that runs as the owner (erp_app has no rights on the table).
create function items_sync_search() returns trigger language plpgsql security definer
  set search_path = public, pg_temp as $$
begin
  insert into item_search (item_id, company_id, sku, name) values (new.id, new.company_id, new.sku, new.name)
    on conflict (item_id) do update set company_id = excluded.company_id, sku = excluded.sku, name = excluded.name;
  return new;
end $$;
create trigger items_search_sync after insert or update of sku, name, company_id on items
  for each row execute function items_sync_search();

-- Ids of the current company's items whose SKU or name contains `term` (case-insensitive; the
-- term is literal text: %, _ and \ match themselves).
create function item_search_ids(term text) returns setof uuid language sql stable security definer
  set search_path = public, pg_temp as $$
  select s.item_id from item_search s
  where s.company_id = app_company_id()
    and (s.sku ilike '%' || regexp_replace(term, '([\\%_])', '\\\1', 'g') || '%'
      or s.name ilike '%' || regexp_replace(term, '([\\%_])', '\\\1', 'g') || '%')
$$;
revoke all on function item_search_ids(text) from public;
grant execute on function item_search_ids(text) to erp_app;

-- 2. Invoice snapshots: seller and buyer OIB and the seller's IBAN leave the jsonb snapshot for
-- their own columns, encrypted by the application (security/field-crypto.ts, context
-- "documents.<column>") and covered by key rotation (security/encrypted-columns.ts). Values moved
-- here are still plain: forgetting the last completed pass makes the start-up pass encrypt them.
alter table documents add column seller_oib text, add column seller_iban text,
  add column buyer_oib text, add column buyer_iban text;
update documents set
  seller_oib = nullif(seller ->> 'oib', ''),
  seller_iban = nullif(seller ->> 'iban', ''),
  buyer_oib = nullif(buyer ->> 'oib', ''),
  buyer_iban = nullif(buyer ->> 'iban', ''),
  seller = seller - 'oib' - 'iban',
  buyer = buyer - 'oib' - 'iban'
where seller is not null or buyer is not null;
delete from encryption_state;

-- 3. Exact lot links for work orders with several products: planning records how much of each
-- material every work-order line needs ({line id: quantity}), so completion links each consumed lot
-- only to the lots of the products whose BOM required it. Null for orders planned before this.
alter table work_order_materials add column line_shares jsonb;

-- 4. Invoice numbers restart every year (1-POS1-1 in January again) and carry no year, so a
-- company's number is unique per kind and year, not per kind for ever.
alter table documents drop constraint documents_company_id_kind_number_key;
create unique index documents_company_kind_year_number on documents(company_id, kind, year, number)
  where number is not null;
