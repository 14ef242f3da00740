-- hand-written
-- appointments.patient_name: the patient's full name beside the appointment, kept by PostgreSQL
-- alone so that no write path can leave it stale (issue 31: the calendar's period read it with one
-- lookup per row, ~0.7 ms of PostgreSQL's ~3.2 ms for a week of 900 appointments). An appointment
-- takes its patient's name when it is written with a patient or moved to another one, and none
-- without patient; a write of patient_name itself is replaced by the patient's name; renaming a
-- patient rewrites their appointments in the same transaction.
UPDATE "appointments" a SET "patient_name" = p."full_name" FROM "patients" p WHERE p."id" = a."patient_id";
--> statement-breakpoint
CREATE FUNCTION "appointments_take_patient_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.patient_id IS NULL THEN
    NEW.patient_name := NULL;
  ELSE
    -- FOR SHARE: a rename in flight (its row lock) is waited for and its name read; a rename that
    -- comes after waits for this write to commit, then rewrites this appointment too. (The foreign
    -- key's KEY SHARE lock does not conflict with a rename: the name could be read stale without it.)
    SELECT p.full_name INTO NEW.patient_name FROM patients p WHERE p.id = NEW.patient_id FOR SHARE;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_patient_name" BEFORE INSERT OR UPDATE OF "patient_id", "patient_name" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointments_take_patient_name"();
--> statement-breakpoint
CREATE FUNCTION "patients_rename_appointments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE appointments SET patient_name = NEW.full_name WHERE patient_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "patients_appointments_name" AFTER UPDATE OF "full_name" ON "patients"
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION "patients_rename_appointments"();
