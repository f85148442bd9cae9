-- Background jobs and automation rules (issue 8, section 5).

-- The job queue. A tenant table like any other, so a company only ever sees its own jobs; the
-- runner claims across companies through the jobs_runner policy below.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  kind text not null check (length(kind) between 1 and 100),
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts between 1 and 50),
  run_at timestamptz not null default now(),
  -- The lease: a running job whose locked_until has passed belongs to a dead worker and is claimed again.
  locked_by text,
  locked_until timestamptz,
  progress numeric(5, 4) not null default 0 check (progress between 0 and 1),
  result jsonb,
  error text,
  -- Optional uniqueness per company (e.g. one overdue check per day).
  dedupe_key text,
  -- The user on whose behalf the job runs (null: the company's owner).
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_company on jobs(company_id, created_at desc);
create index jobs_due on jobs(run_at) where status = 'queued';
create index jobs_leased on jobs(locked_until) where status = 'running';
create unique index jobs_dedupe on jobs(company_id, dedupe_key) where dedupe_key is not null;
select enable_tenant_table('jobs');
-- Status and progress changes are bookkeeping, not business changes: keeping them out of the audit
-- chain also keeps the runner from contending for the company's audit head with user requests.
drop trigger audit on jobs;

-- The runner's transactions run as the owner with app.job_runner = 'on'; only then may it see and
-- update every company's jobs. erp_app (request code) is not a member of the owner role, so this
-- policy never applies to it, and platform code on the owner connection stays scoped by company.
do $$
begin
  execute format('create policy jobs_runner on jobs for all to %I '
    'using (current_setting(''app.job_runner'', true) = ''on'') '
    'with check (current_setting(''app.job_runner'', true) = ''on'')', current_user);
end $$;

-- Events, written in the same transaction as the change that caused them.
create table outbox_events (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  type text not null,
  entity_id uuid,
  data jsonb not null default '{}'::jsonb,
  -- Emitting the same fact twice (e.g. the daily overdue check) is a no-op.
  dedupe_key text,
  dispatched_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index outbox_events_company on outbox_events(company_id, created_at desc);
create unique index outbox_events_dedupe on outbox_events(company_id, dedupe_key) where dedupe_key is not null;
select enable_tenant_table('outbox_events');
drop trigger audit on outbox_events;

create table automation_rules (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  trigger text not null,
  conditions jsonb not null default '{"mode":"all","items":[]}'::jsonb,
  actions jsonb not null default '[]'::jsonb,
  enabled boolean not null default true,
  -- Per-rule HMAC key for webhooks; never sent back to the browser after creation.
  webhook_secret text not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index automation_rules_trigger on automation_rules(company_id, trigger) where enabled;
select enable_tenant_table('automation_rules');

-- The run log: one row per rule and event, which is also what makes each action happen once.
create table automation_runs (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  rule_id uuid not null references automation_rules(id) on delete cascade,
  event_id uuid not null references outbox_events(id) on delete cascade,
  job_id uuid references jobs(id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'skipped')),
  attempts integer not null default 0,
  error text,
  -- What each action did: [{ type, status, entityType?, entityId?, detail? }]
  result jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (rule_id, event_id)
);
create index automation_runs_rule on automation_runs(company_id, rule_id, created_at desc);
select enable_tenant_table('automation_runs');
drop trigger audit on automation_runs;

create table notifications (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  user_id uuid not null,
  title text not null,
  body text not null default '',
  link text,
  run_id uuid references automation_runs(id) on delete set null,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user on notifications(company_id, user_id, created_at desc);
create unique index notifications_run_user on notifications(run_id, user_id) where run_id is not null;
select enable_tenant_table('notifications');
drop trigger audit on notifications;
