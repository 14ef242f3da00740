CREATE TABLE "consultation_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"consultation_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"chains" integer NOT NULL,
	"versions" integer NOT NULL,
	"failures" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"author_id" uuid,
	"author_role" text,
	"reason" text,
	"content" jsonb NOT NULL,
	"prev_hash" text,
	"hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "signed_by" uuid;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_addenda" ADD CONSTRAINT "consultation_addenda_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_addenda" ADD CONSTRAINT "consultation_addenda_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_addenda" ADD CONSTRAINT "consultation_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_addenda_consultation_idx" ON "consultation_addenda" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "record_versions_record_idx" ON "record_versions" USING btree ("record_type","record_id","version");--> statement-breakpoint
CREATE INDEX "record_versions_patient_idx" ON "record_versions" USING btree ("patient_id","at");--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultations_unlocked_idx" ON "consultations" USING btree ("created_at") WHERE "consultations"."locked_at" is null;