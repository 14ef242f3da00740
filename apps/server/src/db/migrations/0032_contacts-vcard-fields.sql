ALTER TABLE "contacts" ADD COLUMN "prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "address_type" text DEFAULT 'work' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "photo_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- hand-written: the one email and phone of existing contacts become the first of their lists.
UPDATE "contacts" SET "emails" = jsonb_build_array(jsonb_build_object('value', "email", 'type', 'work')) WHERE "email" <> '';--> statement-breakpoint
UPDATE "contacts" SET "phones" = jsonb_build_array(jsonb_build_object('value', "phone", 'type', 'work')) WHERE "phone" <> '';
