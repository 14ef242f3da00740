ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written
-- The iCalendar SEQUENCE of an appointment (the private feed and the mailed .ics): a revision a
-- calendar must apply (time, practitioner, place, type, status: a cancellation included) bumps it
-- here, whichever statement makes it, so that no write path can forget it.
CREATE FUNCTION "appointments_bump_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sequence := OLD.sequence + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_sequence" BEFORE UPDATE ON "appointments" FOR EACH ROW
  WHEN ((OLD.starts_at, OLD.ends_at, OLD.practitioner_id, OLD.status, OLD.location, OLD.teleconsultation, OLD.type_id)
    IS DISTINCT FROM (NEW.starts_at, NEW.ends_at, NEW.practitioner_id, NEW.status, NEW.location, NEW.teleconsultation, NEW.type_id))
  EXECUTE FUNCTION "appointments_bump_sequence"();
