-- The four per-area key stores are replaced by idempotency_keys (0036, db/idempotency.ts), which
-- every posting endpoint uses through inCompany. No code reads these any more; a key stored in
-- them before this release is simply not replayed (keys are short-lived retries of one request).
drop table inventory_idempotency;
drop table purchasing_idempotency;
drop table document_idempotency;
drop table cutting_idempotency;
