CREATE TABLE "policy_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"version_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"via" text DEFAULT 'sign-in' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"requires_acceptance" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_pins" (
	"organization_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"pinned_by" uuid,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_pins_organization_id_article_id_pk" PRIMARY KEY("organization_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "article_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"saved_by" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_hash" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"translation_group" uuid DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"audience" text DEFAULT 'tous' NOT NULL,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"search_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_recipients" (
	"newsletter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_recipients_newsletter_id_user_id_pk" PRIMARY KEY("newsletter_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"article_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text NOT NULL,
	"organization_id" uuid,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_version_id_policy_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."policy_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_pins" ADD CONSTRAINT "article_pins_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_pins" ADD CONSTRAINT "article_pins_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_pins" ADD CONSTRAINT "article_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_versions" ADD CONSTRAINT "article_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_acceptances_user_version_key" ON "policy_acceptances" USING btree ("user_id","version_id");--> statement-breakpoint
CREATE INDEX "policy_acceptances_org_idx" ON "policy_acceptances" USING btree ("organization_id","accepted_at") WHERE "policy_acceptances"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_kind_version_key" ON "policy_versions" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "policy_versions_in_force_idx" ON "policy_versions" USING btree ("kind","status","effective_at");--> statement-breakpoint
CREATE INDEX "article_versions_article_idx" ON "article_versions" USING btree ("article_id","saved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_key" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_translation_language_key" ON "articles" USING btree ("translation_group","language");--> statement-breakpoint
CREATE INDEX "articles_public_idx" ON "articles" USING btree ("status","audience","published_at");--> statement-breakpoint
CREATE INDEX "articles_search_trgm" ON "articles" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("publish_at") WHERE "articles"."status" = 'relu' and "articles"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "newsletter_recipients_pending_idx" ON "newsletter_recipients" USING btree ("newsletter_id") WHERE "newsletter_recipients"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "newsletters_due_idx" ON "newsletters" USING btree ("scheduled_at") WHERE "newsletters"."status" in ('programmee', 'envoi');--> statement-breakpoint
-- hand-written
-- The proof of consent is never edited nor deleted (issue 20, CNIL): any UPDATE or DELETE fails.
CREATE OR REPLACE FUNCTION policy_acceptances_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'policy acceptances are immutable' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER policy_acceptances_no_update BEFORE UPDATE OR DELETE ON "policy_acceptances" FOR EACH ROW EXECUTE FUNCTION policy_acceptances_immutable();
--> statement-breakpoint
CREATE TRIGGER policy_acceptances_no_truncate BEFORE TRUNCATE ON "policy_acceptances" FOR EACH STATEMENT EXECUTE FUNCTION policy_acceptances_immutable();
