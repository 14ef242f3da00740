CREATE INDEX "appointments_pending_idx" ON "appointments" USING btree ("status","created_at") WHERE "appointments"."status" in ('provisoire', 'demandé');--> statement-breakpoint
-- hand-written
-- No appointment lasts a day (AGENDA_LIMITS.maxDurationMinutes): the period reads bound
-- starts_at from below by it (appointments_practitioner_start_idx scans the period only).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_max_duration" CHECK ("ends_at" - "starts_at" < interval '24 hours');
