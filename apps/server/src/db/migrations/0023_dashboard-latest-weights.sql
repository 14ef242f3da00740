ALTER TABLE "patients" ADD COLUMN "latest_weight" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "previous_weight" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "latest_weight_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "patients_org_weight_change_idx" ON "patients" USING btree ("organization_id","latest_weight_at" DESC NULLS LAST) WHERE "patients"."archived_at" is null and "patients"."previous_weight" > 0 and abs("patients"."latest_weight" - "patients"."previous_weight") / "patients"."previous_weight" * 100 > 5;--> statement-breakpoint
-- hand-written
-- The dashboard's "weight change above 5 %" (issue 21, practitioner dashboard p95 ≤ 50 ms): the
-- weights of each patient's two latest live weighed consultations and the latest one's date are
-- kept on the patient, next to latest_imc, by the statistics trigger on consultations, so the card
-- reads them through patients_org_weight_change_idx instead of looking up the consultations of every
-- patient seen in the last months (300 ms on 10,000 patients). One function refreshes both.
CREATE FUNCTION patients_refresh_measures(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE patients p SET
    latest_imc = (
      SELECT round(c.weight * 10000 / (c.size * c.size), 2) FROM consultations c
       WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.size > 0 AND c.weight > 0
       ORDER BY c.consultation_date DESC LIMIT 1),
    (latest_weight, previous_weight, latest_weight_at) = (
      SELECT (array_agg(w.weight ORDER BY w.consultation_date DESC))[1], (array_agg(w.weight ORDER BY w.consultation_date DESC))[2], max(w.consultation_date)
        FROM (SELECT c.consultation_date, c.weight FROM consultations c
               WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.weight IS NOT NULL
               ORDER BY c.consultation_date DESC LIMIT 2) w)
   WHERE p.id = ANY(ids)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_count_consultations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, (r.consultation_date AT TIME ZONE statistics_zone(r.organization_id))::date, d.dimension, d.key, count(*)
      FROM new_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d
     WHERE r.archived_at IS NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
    PERFORM patients_refresh_measures(ARRAY(SELECT DISTINCT patient_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, (r.consultation_date AT TIME ZONE statistics_zone(r.organization_id))::date, d.dimension, d.key, -count(*)
      FROM old_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d
     WHERE r.archived_at IS NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
    PERFORM patients_refresh_measures(ARRAY(SELECT DISTINCT patient_id FROM old_rows));
  ELSE
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT organization_id, day, dimension, key, sum(n)
      FROM (SELECT r.organization_id, (r.consultation_date AT TIME ZONE statistics_zone(r.organization_id))::date AS day, d.dimension, d.key, -1 AS n
              FROM old_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d WHERE r.archived_at IS NULL
            UNION ALL
            SELECT r.organization_id, (r.consultation_date AT TIME ZONE statistics_zone(r.organization_id))::date, d.dimension, d.key, 1
              FROM new_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d WHERE r.archived_at IS NULL) t
     GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
    PERFORM patients_refresh_measures(ARRAY(SELECT patient_id FROM old_rows UNION SELECT patient_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE patients p SET (latest_weight, previous_weight, latest_weight_at) = (
  SELECT (array_agg(w.weight ORDER BY w.consultation_date DESC))[1], (array_agg(w.weight ORDER BY w.consultation_date DESC))[2], max(w.consultation_date)
    FROM (SELECT c.consultation_date, c.weight FROM consultations c
           WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.weight IS NOT NULL
           ORDER BY c.consultation_date DESC LIMIT 2) w)
 WHERE EXISTS (SELECT 1 FROM consultations c WHERE c.patient_id = p.id AND c.weight IS NOT NULL);
