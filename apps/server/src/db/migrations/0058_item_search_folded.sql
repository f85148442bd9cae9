-- Item search without Croatian marks on either side: "cep" finds "Čep", "zica" finds "Žica", and
-- "djuro" or "duro" find "Đuro" (dj is how đ is typed without it), as the partner and process
-- searches do. item_search (migration 0015) keeps each SKU and name folded as well, lower case and
-- without the marks of the shop's languages (the same letters as db/sql.ts plainText), in generated
-- columns with their own trigram indexes; item_search_ids folds the term the same way, so the
-- lookup still runs through a trigram index. A folded match is a superset of the old ILIKE match,
-- so the indexes on the unfolded columns have no reader left and are dropped.
create function search_fold(t text) returns text language sql immutable parallel safe
  set search_path = pg_catalog as $$
  select translate(lower(t), 'čćđšžáàâäãåéèêëíìîïóòôöõúùûüýÿñß', 'ccdszaaaaaaeeeeiiiiooooouuuuyyns')
$$;

alter table item_search
  add column sku_key text generated always as (search_fold(sku)) stored,
  add column name_key text generated always as (search_fold(name)) stored;
create index item_search_sku_key_trgm on item_search using gin (sku_key gin_trgm_ops);
create index item_search_name_key_trgm on item_search using gin (name_key gin_trgm_ops);
drop index item_search_sku_trgm;
drop index item_search_name_trgm;

-- Ids of the current company's items whose SKU or name contains `term`, both folded (the term is
-- literal text: %, _ and \ match themselves). A term with "dj" also looks for it written as "d",
-- the folded đ; a term without one runs a single lookup.
create or replace function item_search_ids(term text) returns setof uuid language plpgsql stable
  security definer set search_path = public, pg_temp as $$
declare
  pattern text := '%' || regexp_replace(search_fold(term), '([\\%_])', '\\\1', 'g') || '%';
  as_d text := replace(pattern, 'dj', 'd');
begin
  if as_d = pattern then
    return query select s.item_id from item_search s
      where s.company_id = app_company_id() and (s.sku_key like pattern or s.name_key like pattern);
  else
    return query select s.item_id from item_search s
      where s.company_id = app_company_id()
        and (s.sku_key like pattern or s.name_key like pattern or s.sku_key like as_d or s.name_key like as_d);
  end if;
end $$;
revoke all on function item_search_ids(text) from public;
grant execute on function item_search_ids(text) to erp_app;
