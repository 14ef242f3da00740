CREATE TABLE "statistics_daily" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_daily_pkey" PRIMARY KEY("organization_id","day","dimension","key")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "latest_imc" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "statistics_daily" ADD CONSTRAINT "statistics_daily_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_org_created_idx" ON "patients" USING btree ("organization_id","created_at") WHERE "patients"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notices_org_created_idx" ON "notices" USING btree ("organization_id","created_at");--> statement-breakpoint
-- hand-written
-- /statistics counters: every live consultation counts once per dimension on its day (Europe/Paris);
-- an archived consultation stops counting. Statement triggers with transition tables: a batch
-- insert costs one upsert, not one per row. Also keeps patients.latest_imc (the IMC of the latest
-- live consultation with a size and a weight) for the IMC classes.
CREATE FUNCTION statistics_consultation_dimensions(r consultations) RETURNS TABLE(dimension text, key text)
LANGUAGE sql IMMUTABLE AS $$
  VALUES ('total', ''),
         ('practitioner', r.user_id::text),
         ('speciality', r.job_specialist_id::text),
         ('intensity', coalesce(nullif(r.dolor_intensity, ''), 'Non Renseigné')),
         ('location', coalesce(nullif(r.dolor_location, ''), 'Non Renseigné'))
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_count_consultations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, (r.consultation_date AT TIME ZONE 'Europe/Paris')::date, d.dimension, d.key, count(*)
      FROM new_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d
     WHERE r.archived_at IS NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
    UPDATE patients p SET latest_imc = (
      SELECT round(c.weight * 10000 / (c.size * c.size), 2) FROM consultations c
       WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.size > 0 AND c.weight > 0
       ORDER BY c.consultation_date DESC LIMIT 1)
     WHERE p.id IN (SELECT DISTINCT patient_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, (r.consultation_date AT TIME ZONE 'Europe/Paris')::date, d.dimension, d.key, -count(*)
      FROM old_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d
     WHERE r.archived_at IS NULL
     GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
    UPDATE patients p SET latest_imc = (
      SELECT round(c.weight * 10000 / (c.size * c.size), 2) FROM consultations c
       WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.size > 0 AND c.weight > 0
       ORDER BY c.consultation_date DESC LIMIT 1)
     WHERE p.id IN (SELECT DISTINCT patient_id FROM old_rows);
  ELSE
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT organization_id, day, dimension, key, sum(n)
      FROM (SELECT r.organization_id, (r.consultation_date AT TIME ZONE 'Europe/Paris')::date AS day, d.dimension, d.key, -1 AS n
              FROM old_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d WHERE r.archived_at IS NULL
            UNION ALL
            SELECT r.organization_id, (r.consultation_date AT TIME ZONE 'Europe/Paris')::date, d.dimension, d.key, 1
              FROM new_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d WHERE r.archived_at IS NULL) t
     GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
    UPDATE patients p SET latest_imc = (
      SELECT round(c.weight * 10000 / (c.size * c.size), 2) FROM consultations c
       WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.size > 0 AND c.weight > 0
       ORDER BY c.consultation_date DESC LIMIT 1)
     WHERE p.id IN (SELECT patient_id FROM old_rows UNION SELECT patient_id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER consultations_statistics_insert AFTER INSERT ON consultations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_consultations();
--> statement-breakpoint
CREATE TRIGGER consultations_statistics_update AFTER UPDATE ON consultations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_consultations();
--> statement-breakpoint
CREATE TRIGGER consultations_statistics_delete AFTER DELETE ON consultations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_consultations();
--> statement-breakpoint
INSERT INTO statistics_daily (organization_id, day, dimension, key, count)
SELECT c.organization_id, (c.consultation_date AT TIME ZONE 'Europe/Paris')::date, d.dimension, d.key, count(*)
  FROM consultations c CROSS JOIN LATERAL statistics_consultation_dimensions(c) d
 WHERE c.archived_at IS NULL
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
UPDATE patients p SET latest_imc = (
  SELECT round(c.weight * 10000 / (c.size * c.size), 2) FROM consultations c
   WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.size > 0 AND c.weight > 0
   ORDER BY c.consultation_date DESC LIMIT 1);
--> statement-breakpoint
-- Patients and notices count in the same table: new patients on their creation day, the IMC class
-- of each live patient on the day of their latest consultation (patients.last_consultation_at and
-- latest_imc, kept by the consultation triggers), and the notices' count, sum of Star and
-- recommendations on the day they were given. A year of /statistics then reads counters only.
CREATE FUNCTION statistics_patient_dimensions(r patients) RETURNS TABLE(day date, dimension text, key text, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT (r.created_at AT TIME ZONE 'Europe/Paris')::date, 'new_patients', '', 1::bigint WHERE r.archived_at IS NULL
  UNION ALL
  SELECT (r.last_consultation_at AT TIME ZONE 'Europe/Paris')::date, 'imc',
         CASE WHEN r.latest_imc IS NULL THEN 'unknown' WHEN r.latest_imc < 18.5 THEN 'underweight' WHEN r.latest_imc < 25 THEN 'normal'
              WHEN r.latest_imc < 30 THEN 'overweight' ELSE 'obesity' END, 1::bigint
   WHERE r.archived_at IS NULL AND r.last_consultation_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_count_patients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM new_rows r CROSS JOIN LATERAL statistics_patient_dimensions(r) d GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, d.day, d.dimension, d.key, -sum(d.n) FROM old_rows r CROSS JOIN LATERAL statistics_patient_dimensions(r) d GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  ELSE
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT organization_id, day, dimension, key, sum(n)
      FROM (SELECT r.organization_id, d.day, d.dimension, d.key, -d.n AS n FROM old_rows r CROSS JOIN LATERAL statistics_patient_dimensions(r) d
            UNION ALL
            SELECT r.organization_id, d.day, d.dimension, d.key, d.n FROM new_rows r CROSS JOIN LATERAL statistics_patient_dimensions(r) d) t
     GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_statistics_insert AFTER INSERT ON patients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_patients();
--> statement-breakpoint
CREATE TRIGGER patients_statistics_update AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_patients();
--> statement-breakpoint
CREATE TRIGGER patients_statistics_delete AFTER DELETE ON patients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_patients();
--> statement-breakpoint
CREATE FUNCTION statistics_notice_dimensions(r notices) RETURNS TABLE(day date, dimension text, key text, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT (r.created_at AT TIME ZONE 'Europe/Paris')::date, v.dimension, '', v.n
    FROM (VALUES ('opinions', 1::bigint), ('stars', r.star::bigint), ('recommend', CASE WHEN r.recommend THEN 1::bigint ELSE 0::bigint END)) v(dimension, n)
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_count_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM new_rows r CROSS JOIN LATERAL statistics_notice_dimensions(r) d GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, d.day, d.dimension, d.key, -sum(d.n) FROM old_rows r CROSS JOIN LATERAL statistics_notice_dimensions(r) d GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  ELSE
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT organization_id, day, dimension, key, sum(n)
      FROM (SELECT r.organization_id, d.day, d.dimension, d.key, -d.n AS n FROM old_rows r CROSS JOIN LATERAL statistics_notice_dimensions(r) d
            UNION ALL
            SELECT r.organization_id, d.day, d.dimension, d.key, d.n FROM new_rows r CROSS JOIN LATERAL statistics_notice_dimensions(r) d) t
     GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notices_statistics_insert AFTER INSERT ON notices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_notices();
--> statement-breakpoint
CREATE TRIGGER notices_statistics_update AFTER UPDATE ON notices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_notices();
--> statement-breakpoint
CREATE TRIGGER notices_statistics_delete AFTER DELETE ON notices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_notices();
--> statement-breakpoint
INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
SELECT p.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM patients p CROSS JOIN LATERAL statistics_patient_dimensions(p) d GROUP BY 1, 2, 3, 4
ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
--> statement-breakpoint
INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
SELECT x.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM notices x CROSS JOIN LATERAL statistics_notice_dimensions(x) d GROUP BY 1, 2, 3, 4
ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
