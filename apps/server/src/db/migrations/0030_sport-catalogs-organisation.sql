DROP INDEX "sport_body_parts_code_key";--> statement-breakpoint
DROP INDEX "sport_categories_code_key";--> statement-breakpoint
DROP INDEX "sport_equipments_code_key";--> statement-breakpoint
DROP INDEX "sport_genders_code_key";--> statement-breakpoint
DROP INDEX "sport_levels_code_key";--> statement-breakpoint
DROP INDEX "sport_objectives_code_key";--> statement-breakpoint
DROP INDEX "sport_program_types_code_key";--> statement-breakpoint
ALTER TABLE "sport_body_parts" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sport_categories" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sport_equipments" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sport_genders" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sport_levels" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sport_objectives" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sport_program_types" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "sport_body_parts" ADD CONSTRAINT "sport_body_parts_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_categories" ADD CONSTRAINT "sport_categories_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_equipments" ADD CONSTRAINT "sport_equipments_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_genders" ADD CONSTRAINT "sport_genders_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_levels" ADD CONSTRAINT "sport_levels_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_objectives" ADD CONSTRAINT "sport_objectives_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_program_types" ADD CONSTRAINT "sport_program_types_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_body_parts_org_code_key" ON "sport_body_parts" USING btree ("organization_id","code") WHERE "sport_body_parts"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_categories_org_code_key" ON "sport_categories" USING btree ("organization_id","code") WHERE "sport_categories"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_equipments_org_code_key" ON "sport_equipments" USING btree ("organization_id","code") WHERE "sport_equipments"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_genders_org_code_key" ON "sport_genders" USING btree ("organization_id","code") WHERE "sport_genders"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_levels_org_code_key" ON "sport_levels" USING btree ("organization_id","code") WHERE "sport_levels"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_objectives_org_code_key" ON "sport_objectives" USING btree ("organization_id","code") WHERE "sport_objectives"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_program_types_org_code_key" ON "sport_program_types" USING btree ("organization_id","code") WHERE "sport_program_types"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_body_parts_code_key" ON "sport_body_parts" USING btree ("code") WHERE "sport_body_parts"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_categories_code_key" ON "sport_categories" USING btree ("code") WHERE "sport_categories"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_equipments_code_key" ON "sport_equipments" USING btree ("code") WHERE "sport_equipments"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_genders_code_key" ON "sport_genders" USING btree ("code") WHERE "sport_genders"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_levels_code_key" ON "sport_levels" USING btree ("code") WHERE "sport_levels"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_objectives_code_key" ON "sport_objectives" USING btree ("code") WHERE "sport_objectives"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_program_types_code_key" ON "sport_program_types" USING btree ("code") WHERE "sport_program_types"."organization_id" is null;--> statement-breakpoint
-- Entries an organisation's user added before this migration become that organisation's own
-- (the journal names who created each); those of SA and DE stay platform entries.
UPDATE "sport_body_parts" c SET "organization_id" = a."organization_id" FROM "audit_events" a WHERE a."action" = 'sport_catalog.bodyparts.create' AND a."outcome" = 'success' AND a."record_id" = c."id"::text AND a."role" NOT IN ('SA', 'DE') AND a."organization_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sport_categories" c SET "organization_id" = a."organization_id" FROM "audit_events" a WHERE a."action" = 'sport_catalog.categories.create' AND a."outcome" = 'success' AND a."record_id" = c."id"::text AND a."role" NOT IN ('SA', 'DE') AND a."organization_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sport_equipments" c SET "organization_id" = a."organization_id" FROM "audit_events" a WHERE a."action" = 'sport_catalog.equipments.create' AND a."outcome" = 'success' AND a."record_id" = c."id"::text AND a."role" NOT IN ('SA', 'DE') AND a."organization_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sport_levels" c SET "organization_id" = a."organization_id" FROM "audit_events" a WHERE a."action" = 'sport_catalog.levels.create' AND a."outcome" = 'success' AND a."record_id" = c."id"::text AND a."role" NOT IN ('SA', 'DE') AND a."organization_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sport_objectives" c SET "organization_id" = a."organization_id" FROM "audit_events" a WHERE a."action" = 'sport_catalog.objectifs.create' AND a."outcome" = 'success' AND a."record_id" = c."id"::text AND a."role" NOT IN ('SA', 'DE') AND a."organization_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sport_program_types" c SET "organization_id" = a."organization_id" FROM "audit_events" a WHERE a."action" = 'sport_catalog.typeofprograms.create' AND a."outcome" = 'success' AND a."record_id" = c."id"::text AND a."role" NOT IN ('SA', 'DE') AND a."organization_id" IS NOT NULL;--> statement-breakpoint
UPDATE "sport_genders" c SET "organization_id" = a."organization_id" FROM "audit_events" a WHERE a."action" = 'sport_catalog.gender.create' AND a."outcome" = 'success' AND a."record_id" = c."id"::text AND a."role" NOT IN ('SA', 'DE') AND a."organization_id" IS NOT NULL;
