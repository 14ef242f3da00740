-- Issue 32: the versions of clinical records are append-only and chained per record.

-- The hash of a version: SHA-256 over the canonical text of the version (PostgreSQL's jsonb text:
-- keys sorted, one spacing, so equal content always gives the same text) with the previous
-- version's hash first. The instant is written to the microsecond in UTC, so the hash does not
-- depend on the session's time zone.
CREATE OR REPLACE FUNCTION record_version_hash(prev text, rtype text, rid uuid, ver integer, kind text, at timestamptz, author uuid, content jsonb)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    prev, rtype, rid, ver, kind, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), author, content
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Numbers the new version and chains its hash. The per-record advisory lock (held to the end of
-- the transaction) makes two concurrent appends to one record wait for each other, so the second
-- reads the first's hash instead of both claiming the same number.
CREATE OR REPLACE FUNCTION record_versions_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_version integer;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(NEW.record_type || ':' || NEW.record_id::text, 32));
  SELECT v.version, v.hash INTO last_version, last_hash
    FROM record_versions v
   WHERE v.record_type = NEW.record_type AND v.record_id = NEW.record_id
   ORDER BY v.version DESC LIMIT 1;
  NEW.version := coalesce(last_version, 0) + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := record_version_hash(NEW.prev_hash, NEW.record_type, NEW.record_id, NEW.version, NEW.kind, NEW.at, NEW.author_id, NEW.content);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER record_versions_chain BEFORE INSERT ON record_versions FOR EACH ROW EXECUTE FUNCTION record_versions_chain();
--> statement-breakpoint
-- Nothing reaches a written version: no UPDATE, no DELETE, no TRUNCATE (a correction is a new version).
CREATE OR REPLACE FUNCTION record_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Les versions d''un dossier ne se modifient ni ne se suppriment (ajout seul).' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER record_versions_no_update BEFORE UPDATE OR DELETE ON record_versions FOR EACH ROW EXECUTE FUNCTION record_versions_append_only();
--> statement-breakpoint
CREATE TRIGGER record_versions_no_truncate BEFORE TRUNCATE ON record_versions FOR EACH STATEMENT EXECUTE FUNCTION record_versions_append_only();
--> statement-breakpoint
-- The content of a record's version, read from the record as it stands in the transaction that
-- changes it (the application appends a version with `record_version_source` in its INSERT, right
-- after its change): the whole consultation with its documents list, signature, lock and addenda;
-- a patient's identity; a notice. Dates as ISO text in UTC, to the millisecond.
CREATE OR REPLACE FUNCTION record_version_iso(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_version_source(rtype text, rid uuid)
RETURNS TABLE (organization_id uuid, patient_id uuid, content jsonb) LANGUAGE sql STABLE AS $$
  SELECT c.organization_id, c.patient_id, jsonb_build_object(
    'ConsultationDate', record_version_iso(c.consultation_date),
    'idJobSpecialist', c.job_specialist_id,
    'ConsultationNote', c.consultation_note, 'Diagnostic', c.diagnostic, 'HealthCareCategory', c.health_care_category,
    'Size', c.size::float8, 'Weight', c.weight::float8, 'dolorLocation', c.dolor_location, 'dolorIntensity', c.dolor_intensity,
    'eradiation', c.eradiation, 'triggeringFactor', c.triggering_factor, 'startEradiationDate', c.start_eradiation_date::text,
    'antalgesicTreatment', c.antalgesic_treatment, 'treatmentName', c.treatment_name, 'treatmentEfficacy', c.treatment_efficacy,
    'preventionType', c.prevention_type, 'prevention1', c.prevention1, 'prevention2', c.prevention2, 'prevention3', c.prevention3,
    'pattern', c.pattern, 'physicalCapacity', c.physical_capacity, 'riskyFoodsFrequency', c.risky_foods_frequency,
    'breakfast', c.breakfast, 'lunch', c.lunch, 'dinner', c.dinner, 'snack', c.snack, 'dislikes', c.dislikes,
    'documents', coalesce((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'fileName', d.file_name) ORDER BY d.created_at, d.id)
                             FROM documents d WHERE d.consultation_id = c.id AND d.archived_at IS NULL), '[]'::jsonb),
    'signedAt', record_version_iso(c.signed_at), 'signedBy', c.signed_by, 'lockedAt', record_version_iso(c.locked_at),
    'archivedAt', record_version_iso(c.archived_at),
    'addenda', coalesce((SELECT jsonb_agg(jsonb_build_object('id', a.id, 'at', record_version_iso(a.created_at), 'authorId', a.author_id, 'text', a.text) ORDER BY a.created_at, a.id)
                           FROM consultation_addenda a WHERE a.consultation_id = c.id), '[]'::jsonb))
    FROM consultations c WHERE rtype = 'consultation' AND c.id = rid
  UNION ALL
  SELECT p.organization_id, p.id, jsonb_build_object(
    'FullName', p.full_name, 'birthDate', p.birth_date::text, 'sex', p.sex, 'PhoneNumber', p.phone_number,
    'Email', p.email, 'address', p.address, 'archivedAt', record_version_iso(p.archived_at))
    FROM patients p WHERE rtype = 'patient' AND p.id = rid
  UNION ALL
  SELECT o.organization_id, o.patient_id, jsonb_build_object('star', o.star, 'patientOpinion', o.patient_opinion, 'recommend', o.recommend)
    FROM notices o WHERE rtype = 'notice' AND o.id = rid
$$;
--> statement-breakpoint
-- A 'created' version for every consultation, patient and notice that has none (the rows written
-- before this migration, and the demo data, whose seed calls it once): every record has a chain.
-- A record without versions gets its first one, computed here rather than by the chain trigger:
-- the trigger's per-record advisory lock lasts to the end of the transaction, and one transaction
-- over an existing practice's records (tens of thousands) runs out of PostgreSQL's lock table
-- ("out of shared memory"). A first version has no predecessor, so its number is 1 and its hash
-- has no previous hash; the trigger is off for these inserts only, under ALTER TABLE's exclusive
-- lock, so no other append can run meanwhile.
CREATE OR REPLACE FUNCTION record_versions_backfill() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer := 0; k integer;
BEGIN
  ALTER TABLE record_versions DISABLE TRIGGER record_versions_chain;
  INSERT INTO record_versions (organization_id, record_type, record_id, patient_id, kind, at, author_id, author_role, content, version, prev_hash, hash)
  SELECT f.*, 1, NULL, record_version_hash(NULL, f.record_type, f.record_id, 1, f.kind, f.at, f.author_id, f.content) FROM (
    SELECT s.organization_id, 'consultation'::text AS record_type, c.id AS record_id, s.patient_id, 'created'::text AS kind, date_trunc('milliseconds', c.created_at) AS at, c.user_id AS author_id, u.role AS author_role, s.content
      FROM consultations c JOIN users u ON u.id = c.user_id CROSS JOIN LATERAL record_version_source('consultation', c.id) s
     WHERE NOT EXISTS (SELECT 1 FROM record_versions v WHERE v.record_type = 'consultation' AND v.record_id = c.id)
    UNION ALL
    SELECT s.organization_id, 'patient', p.id, s.patient_id, 'created', date_trunc('milliseconds', p.created_at), p.created_by, u.role, s.content
      FROM patients p LEFT JOIN users u ON u.id = p.created_by CROSS JOIN LATERAL record_version_source('patient', p.id) s
     WHERE NOT EXISTS (SELECT 1 FROM record_versions v WHERE v.record_type = 'patient' AND v.record_id = p.id)
    UNION ALL
    SELECT s.organization_id, 'notice', o.id, s.patient_id, 'created', date_trunc('milliseconds', o.created_at), o.user_id, u.role, s.content
      FROM notices o LEFT JOIN users u ON u.id = o.user_id CROSS JOIN LATERAL record_version_source('notice', o.id) s
     WHERE NOT EXISTS (SELECT 1 FROM record_versions v WHERE v.record_type = 'notice' AND v.record_id = o.id)
  ) f ORDER BY f.at, f.record_id;
  GET DIAGNOSTICS k = ROW_COUNT; n := n + k;
  ALTER TABLE record_versions ENABLE TRIGGER record_versions_chain;
  RETURN n;
END $$;
--> statement-breakpoint
SELECT record_versions_backfill();
