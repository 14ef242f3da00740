CREATE TABLE "diary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"weight_kg" numeric(5, 2),
	"intensity" integer,
	"location" text,
	"meal" text,
	"energy_kcal" numeric(8, 2),
	"proteins_g" numeric(8, 2),
	"carbohydrates_g" numeric(8, 2),
	"fat_g" numeric(8, 2),
	"session_id" uuid,
	"activity" text,
	"duration_min" integer,
	"activity_intensity" text,
	"note" text,
	"photo_hash" text,
	"photo_mime" text,
	"comment" text,
	"comment_by" uuid,
	"comment_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"archived_by" uuid,
	CONSTRAINT "diary_entries_kind_check" CHECK ("diary_entries"."kind" in ('weight', 'meal', 'pain', 'activity')),
	CONSTRAINT "diary_entries_weight_check" CHECK ("diary_entries"."weight_kg" is null or "diary_entries"."weight_kg" between 1 and 400),
	CONSTRAINT "diary_entries_intensity_check" CHECK ("diary_entries"."intensity" is null or "diary_entries"."intensity" between 0 and 10),
	CONSTRAINT "diary_entries_duration_check" CHECK ("diary_entries"."duration_min" is null or "diary_entries"."duration_min" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "diary_follows" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_follows_user_id_patient_id_pk" PRIMARY KEY("user_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "diary_meal_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"food_id" integer NOT NULL,
	"name" text NOT NULL,
	"grams" numeric(8, 2) NOT NULL,
	"measure" text,
	"quantity" numeric(6, 2),
	"energy_kcal" numeric(8, 2) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "diary_meal_items_grams_check" CHECK ("diary_meal_items"."grams" > 0 and "diary_meal_items"."grams" <= 5000)
);
--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_comment_by_users_id_fk" FOREIGN KEY ("comment_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_follows" ADD CONSTRAINT "diary_follows_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_follows" ADD CONSTRAINT "diary_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_follows" ADD CONSTRAINT "diary_follows_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_meal_items" ADD CONSTRAINT "diary_meal_items_entry_id_diary_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."diary_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_meal_items" ADD CONSTRAINT "diary_meal_items_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_entries_patient_idx" ON "diary_entries" USING btree ("organization_id","patient_id","day","kind");--> statement-breakpoint
CREATE INDEX "diary_entries_created_idx" ON "diary_entries" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "diary_follows_org_idx" ON "diary_follows" USING btree ("organization_id","patient_id");--> statement-breakpoint
CREATE INDEX "diary_meal_items_entry_idx" ON "diary_meal_items" USING btree ("entry_id","position");