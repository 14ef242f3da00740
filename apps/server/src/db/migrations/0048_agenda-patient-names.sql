-- The agenda's period (agenda_period_v3) shows each appointment's patient by name, looked up by
-- primary key: 901 lookups for a week of 10 practitioners, each reading a patients row (~1 kB, ~8
-- rows a page: ~800 pages). This index holds the name beside the id, so each lookup is an
-- index-only scan (visibility map permitting): the statement's execution went from 2.64–2.68 ms to
-- 2.30–2.38 ms (EXPLAIN ANALYZE, TIMING OFF, median of 50, bench database of 29 Nov; docs/scaling.md).
-- INCLUDE is not expressible in the Drizzle schema, hence this hand-written migration.
CREATE INDEX IF NOT EXISTS "patients_id_full_name_idx" ON "patients" ("id") INCLUDE ("full_name");
