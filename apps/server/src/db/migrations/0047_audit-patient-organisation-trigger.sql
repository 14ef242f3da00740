-- An organisation's journal is what its users did (organization_id) plus what anyone outside it did
-- to its patients (a refused attempt, a platform role's act). The second part used to be found by
-- joining every row to its patient, which walked the whole journal in date order; each row now
-- carries its patient's organisation when that is not its own, set here on insert (the application
-- never writes it, so it cannot be forged), and read through audit_patient_org_at_idx.
CREATE OR REPLACE FUNCTION audit_events_patient_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.patient_organization_id := NULL;
  IF NEW.patient_id IS NOT NULL THEN
    SELECT p.organization_id INTO NEW.patient_organization_id
      FROM patients p
     WHERE p.id = NEW.patient_id AND p.organization_id IS DISTINCT FROM NEW.organization_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_patient_organisation BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_patient_organisation();
--> statement-breakpoint
-- The rows written before this migration.
UPDATE audit_events a SET patient_organization_id = p.organization_id
  FROM patients p
 WHERE p.id = a.patient_id AND p.organization_id IS DISTINCT FROM a.organization_id;
