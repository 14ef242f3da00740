-- Custom SQL migration file, put your code below! --
-- hand-written
-- /statistics counts each organisation's calendar days in its own time zone ('Paramètres',
-- settings.timeZone; Europe/Paris when unset): the counters' triggers of migration statistics now
-- take the day of a consultation, a patient or a notice in that zone, and a change of an
-- organisation's time zone rebuilds its counters (statistics_rebuild) in the same transaction.
CREATE FUNCTION statistics_zone(org uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT nullif(settings->>'timeZone', '') FROM organisations WHERE id = org), 'Europe/Paris')
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
    UPDATE patients p SET latest_imc = (
      SELECT round(c.weight * 10000 / (c.size * c.size), 2) FROM consultations c
       WHERE c.patient_id = p.id AND c.archived_at IS NULL AND c.size > 0 AND c.weight > 0
       ORDER BY c.consultation_date DESC LIMIT 1)
     WHERE p.id IN (SELECT DISTINCT patient_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, (r.consultation_date AT TIME ZONE statistics_zone(r.organization_id))::date, d.dimension, d.key, -count(*)
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
      FROM (SELECT r.organization_id, (r.consultation_date AT TIME ZONE statistics_zone(r.organization_id))::date AS day, d.dimension, d.key, -1 AS n
              FROM old_rows r CROSS JOIN LATERAL statistics_consultation_dimensions(r) d WHERE r.archived_at IS NULL
            UNION ALL
            SELECT r.organization_id, (r.consultation_date AT TIME ZONE statistics_zone(r.organization_id))::date, d.dimension, d.key, 1
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
CREATE OR REPLACE FUNCTION statistics_patient_dimensions(r patients) RETURNS TABLE(day date, dimension text, key text, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT (r.created_at AT TIME ZONE statistics_zone(r.organization_id))::date, 'new_patients', '', 1::bigint WHERE r.archived_at IS NULL
  UNION ALL
  SELECT (r.last_consultation_at AT TIME ZONE statistics_zone(r.organization_id))::date, 'imc',
         CASE WHEN r.latest_imc IS NULL THEN 'unknown' WHEN r.latest_imc < 18.5 THEN 'underweight' WHEN r.latest_imc < 25 THEN 'normal'
              WHEN r.latest_imc < 30 THEN 'overweight' ELSE 'obesity' END, 1::bigint
   WHERE r.archived_at IS NULL AND r.last_consultation_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_notice_dimensions(r notices) RETURNS TABLE(day date, dimension text, key text, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT (r.created_at AT TIME ZONE statistics_zone(r.organization_id))::date, v.dimension, '', v.n
    FROM (VALUES ('opinions', 1::bigint), ('stars', r.star::bigint), ('recommend', CASE WHEN r.recommend THEN 1::bigint ELSE 0::bigint END)) v(dimension, n)
$$;
--> statement-breakpoint
-- Appointments count in the same counters (the agenda's figures of /statistics read a year from a
-- few thousand counter rows, not 20,000 appointments): per status on the organisation's day of the
-- appointment, with the booking delay (minutes between booking and appointment) summed alongside.
-- Holds (provisoire) are not appointments.
CREATE FUNCTION statistics_appointment_dimensions(r appointments) RETURNS TABLE(day date, dimension text, key text, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT (r.starts_at AT TIME ZONE statistics_zone(r.organization_id))::date, v.dimension, r.status, v.n
    FROM (VALUES ('appointments', 1::bigint), ('booking_minutes', round(extract(epoch FROM (r.starts_at - r.created_at)) / 60)::bigint)) v(dimension, n)
   WHERE r.status <> 'provisoire'
$$;
--> statement-breakpoint
CREATE FUNCTION statistics_count_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM new_rows r CROSS JOIN LATERAL statistics_appointment_dimensions(r) d GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT r.organization_id, d.day, d.dimension, d.key, -sum(d.n) FROM old_rows r CROSS JOIN LATERAL statistics_appointment_dimensions(r) d GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  ELSE
    INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
    SELECT organization_id, day, dimension, key, sum(n)
      FROM (SELECT r.organization_id, d.day, d.dimension, d.key, -d.n AS n FROM old_rows r CROSS JOIN LATERAL statistics_appointment_dimensions(r) d
            UNION ALL
            SELECT r.organization_id, d.day, d.dimension, d.key, d.n FROM new_rows r CROSS JOIN LATERAL statistics_appointment_dimensions(r) d) t
     GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0
    ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_statistics_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_appointments();
--> statement-breakpoint
CREATE TRIGGER appointments_statistics_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_appointments();
--> statement-breakpoint
CREATE TRIGGER appointments_statistics_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION statistics_count_appointments();
--> statement-breakpoint
INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
SELECT a.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM appointments a CROSS JOIN LATERAL statistics_appointment_dimensions(a) d GROUP BY 1, 2, 3, 4
ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
--> statement-breakpoint
CREATE FUNCTION statistics_rebuild(org uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := statistics_zone(org);
BEGIN
  DELETE FROM statistics_daily WHERE organization_id = org;
  INSERT INTO statistics_daily (organization_id, day, dimension, key, count)
  SELECT c.organization_id, (c.consultation_date AT TIME ZONE zone)::date, d.dimension, d.key, count(*)
    FROM consultations c CROSS JOIN LATERAL statistics_consultation_dimensions(c) d
   WHERE c.organization_id = org AND c.archived_at IS NULL
   GROUP BY 1, 2, 3, 4;
  INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
  SELECT p.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM patients p CROSS JOIN LATERAL statistics_patient_dimensions(p) d
   WHERE p.organization_id = org GROUP BY 1, 2, 3, 4
  ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
  SELECT x.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM notices x CROSS JOIN LATERAL statistics_notice_dimensions(x) d
   WHERE x.organization_id = org GROUP BY 1, 2, 3, 4
  ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
  INSERT INTO statistics_daily AS s (organization_id, day, dimension, key, count)
  SELECT a.organization_id, d.day, d.dimension, d.key, sum(d.n) FROM appointments a CROSS JOIN LATERAL statistics_appointment_dimensions(a) d
   WHERE a.organization_id = org GROUP BY 1, 2, 3, 4
  ON CONFLICT (organization_id, day, dimension, key) DO UPDATE SET count = s.count + excluded.count;
END $$;
--> statement-breakpoint
CREATE FUNCTION statistics_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM statistics_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisations_statistics_zone AFTER UPDATE OF settings ON organisations FOR EACH ROW
  WHEN (OLD.settings->>'timeZone' IS DISTINCT FROM NEW.settings->>'timeZone')
  EXECUTE FUNCTION statistics_zone_changed();
--> statement-breakpoint
SELECT statistics_rebuild(id) FROM organisations WHERE statistics_zone(id) <> 'Europe/Paris';
