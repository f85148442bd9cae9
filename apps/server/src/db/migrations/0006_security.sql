-- Security (issue 11): sensitive profile fields become encrypted text, a blind index for the OIB,
-- counters for per-account back-off and per-address limits, and one-time password reset tokens.

-- Encrypted values are text envelopes (enc:v1:<kid>:<iv>:<ciphertext>), written by the application
-- (apps/server/src/security/field-crypto.ts). Existing plain values stay readable and are encrypted
-- by the background pass at start and by `npm run admin -- keys rotate`.
alter table tenants alter column date_of_birth type text using date_of_birth::text;
alter table tenants alter column bank_accounts drop default;
alter table tenants alter column bank_accounts type text using bank_accounts::text;
alter table tenants alter column bank_accounts set default '[]';
-- HMAC-SHA256 of the OIB under the index key: exact search without decrypting every row.
alter table tenants add column tax_number_bidx text;
create index tenants_tax_number_bidx on tenants(tax_number_bidx) where tax_number_bidx is not null;
grant update (tax_number_bidx) on tenants to erp_app;

-- Per-account back-off and per-address limits of our own auth endpoints. Platform table: erp_app has
-- no access. Keys are HMACs of the email or address, never the plain text.
create table security_counters (
  key text primary key,
  failures integer not null default 0,
  window_start timestamptz not null default now(),
  blocked_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Password reset: only the SHA-256 of the token is stored, so a copy of the database cannot be used
-- to reset anyone's password. A token works once and expires.
create table password_reset_tokens (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user on password_reset_tokens(user_id);

-- The key id the last completed re-encryption pass brought every value under (see security/rotation.ts):
-- the pass at start-up is skipped when it matches the active key.
create table encryption_state (
  id integer primary key check (id = 1),
  active_kid text not null,
  completed_at timestamptz not null
);
