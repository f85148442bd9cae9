-- Issue 17 (8): company default locations for production. A work order converted from a quote, or
-- created without locations, takes its materials from `production_source_location_id` and puts its
-- products into `production_output_location_id`; null = not set (the domain's fallback applies:
-- the first active storage location by code, else the first active location). A location that is
-- deleted clears the setting.
alter table company_settings
  add column production_source_location_id uuid references locations(id) on delete set null,
  add column production_output_location_id uuid references locations(id) on delete set null;
