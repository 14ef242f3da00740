-- A journal row that names no patient (every list read: most of the journal, issue 31) no longer
-- goes into audit_patient_idx, read only with a patient's id (`patient_id = $1`, or a join on it:
-- both imply the predicate, the plans are unchanged), and no longer calls the trigger that looks up
-- the patient's organisation, which has nothing to look up for it. The trigger still runs when the
-- row names a patient or carries a patient_organization_id, which it clears: the application cannot
-- write one of its own (0047). docs/scaling.md, "The list's CPU, seventh pass".
DROP INDEX "audit_patient_idx";--> statement-breakpoint
CREATE INDEX "audit_patient_idx" ON "audit_events" USING btree ("patient_id","at" DESC NULLS LAST) WHERE "audit_events"."patient_id" is not null;--> statement-breakpoint
DROP TRIGGER audit_events_patient_organisation ON audit_events;--> statement-breakpoint
CREATE TRIGGER audit_events_patient_organisation BEFORE INSERT ON audit_events FOR EACH ROW
  WHEN (NEW.patient_id IS NOT NULL OR NEW.patient_organization_id IS NOT NULL)
  EXECUTE FUNCTION audit_events_patient_organisation();
