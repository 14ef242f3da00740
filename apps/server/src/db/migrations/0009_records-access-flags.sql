CREATE TABLE "access_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"audit_event_id" bigint NOT NULL,
	"flagged_by" uuid NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_flags" ADD CONSTRAINT "access_flags_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_flags" ADD CONSTRAINT "access_flags_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_flags" ADD CONSTRAINT "access_flags_flagged_by_users_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_flags" ADD CONSTRAINT "access_flags_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_flags_event_key" ON "access_flags" USING btree ("audit_event_id");--> statement-breakpoint
CREATE INDEX "access_flags_org_idx" ON "access_flags" USING btree ("organization_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "access_flags_patient_idx" ON "access_flags" USING btree ("patient_id");