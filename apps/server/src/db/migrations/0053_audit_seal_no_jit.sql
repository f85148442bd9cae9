-- The seal's queries run without JIT compilation (issue 21, part 1).
--
-- Measured on the posting benchmark (bench/inventory/profile.ts, 8 clients, PostgreSQL 15 with
-- pg_stat_statements and auto_explain): the sealer's read of the ready rows (audit_seal_ready) was
-- JIT-compiled on every tick once its estimated cost passed jit_above_cost: 18 calls spent 6 678 ms
-- compiling (inlining, optimisation, emission) of 6 907 ms in the statement; one call took 512 ms,
-- 486 ms of it JIT, to read 1 328 rows by index. The estimate is high (the lateral index look-up
-- per ready mark is costed as if a transaction had many audit rows), the work is small: a few index
-- look-ups and one text per row. Compilation never pays off here, and it took CPU from the postings
-- on the same cores. The operator's audit_chain reads given rows the same way.
--
-- Only the settings of the functions change: what is chained, in which order, and what `audit
-- verify` proves are unchanged.
alter function audit_seal_ready(uuid, boolean, integer) set jit = off;
alter function audit_chain(uuid, bigint[]) set jit = off;
