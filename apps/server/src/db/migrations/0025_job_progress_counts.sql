-- Issue 8: a job that works through countable things (the documents of a bulk PDF export) reports
-- how many are done out of how many, besides the fraction in `progress`; the export screen shows
-- "12 / 40". Both null for jobs that do not count.
alter table jobs add column progress_done integer check (progress_done >= 0);
alter table jobs add column progress_total integer check (progress_total >= 0);
