ALTER TABLE "job_specialists" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written
-- Existing rows keep their order: the position of each speciality is its id.
UPDATE "job_specialists" SET "position" = "id";
