ALTER TABLE "patients" ADD COLUMN "last_consultation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "consultation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_org_last_consultation_idx" ON "patients" USING btree ("organization_id","last_consultation_at","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_org_consultation_count_idx" ON "patients" USING btree ("organization_id","consultation_count","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "patients_org_birth_date_idx" ON "patients" USING btree ("organization_id","birth_date","id") WHERE "patients"."archived_at" is null;--> statement-breakpoint
-- Issue 6: the patient list sorts by last consultation date and number of consultations from
-- indexes. Statement-level triggers with transition tables keep the two columns right whoever
-- writes consultations (panel, edits, archives, batch loads), recomputing only the patients touched.
CREATE OR REPLACE FUNCTION patients_refresh_consultation_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE patients p SET consultation_count = s.n, last_consultation_at = s.last
      FROM (SELECT c.patient_id, count(*) FILTER (WHERE c.archived_at IS NULL) AS n,
                   max(c.consultation_date) FILTER (WHERE c.archived_at IS NULL) AS last
              FROM consultations c WHERE c.patient_id IN (SELECT DISTINCT patient_id FROM new_rows)
             GROUP BY c.patient_id) s
     WHERE p.id = s.patient_id;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE patients p SET consultation_count = coalesce(s.n, 0), last_consultation_at = s.last
      FROM (SELECT t.patient_id, count(c.id) FILTER (WHERE c.archived_at IS NULL) AS n,
                   max(c.consultation_date) FILTER (WHERE c.archived_at IS NULL) AS last
              FROM (SELECT patient_id FROM new_rows UNION SELECT patient_id FROM old_rows) t
              LEFT JOIN consultations c ON c.patient_id = t.patient_id
             GROUP BY t.patient_id) s
     WHERE p.id = s.patient_id;
  ELSE
    UPDATE patients p SET consultation_count = coalesce(s.n, 0), last_consultation_at = s.last
      FROM (SELECT t.patient_id, count(c.id) FILTER (WHERE c.archived_at IS NULL) AS n,
                   max(c.consultation_date) FILTER (WHERE c.archived_at IS NULL) AS last
              FROM (SELECT DISTINCT patient_id FROM old_rows) t
              LEFT JOIN consultations c ON c.patient_id = t.patient_id
             GROUP BY t.patient_id) s
     WHERE p.id = s.patient_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consultations_stats_insert AFTER INSERT ON consultations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patients_refresh_consultation_stats();
--> statement-breakpoint
CREATE TRIGGER consultations_stats_update AFTER UPDATE ON consultations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patients_refresh_consultation_stats();
--> statement-breakpoint
CREATE TRIGGER consultations_stats_delete AFTER DELETE ON consultations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION patients_refresh_consultation_stats();
--> statement-breakpoint
UPDATE patients p SET consultation_count = s.n, last_consultation_at = s.last
  FROM (SELECT patient_id, count(*) AS n, max(consultation_date) AS last FROM consultations
         WHERE archived_at IS NULL GROUP BY patient_id) s
 WHERE p.id = s.patient_id;
