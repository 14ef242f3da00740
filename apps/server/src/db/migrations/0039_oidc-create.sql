CREATE TABLE "oidc_links" (
	"provider_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"ticket_hash" text,
	"user_id" uuid,
	"needs_link" boolean DEFAULT false NOT NULL,
	"subject" text,
	"provider_sid" text,
	"session_id" uuid,
	"finished_at" timestamp with time zone,
	CONSTRAINT "oidc_logins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "oidc_logins_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "oidc_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"scopes" text NOT NULL,
	"claim" text NOT NULL,
	"match_on" text NOT NULL,
	"enforced" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_links" ADD CONSTRAINT "oidc_links_provider_id_oidc_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."oidc_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_links" ADD CONSTRAINT "oidc_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD CONSTRAINT "oidc_logins_provider_id_oidc_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."oidc_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD CONSTRAINT "oidc_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD CONSTRAINT "oidc_logins_session_id_user_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."user_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_providers" ADD CONSTRAINT "oidc_providers_organization_id_organisations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_links_subject_key" ON "oidc_links" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_links_user_key" ON "oidc_links" USING btree ("provider_id","user_id");--> statement-breakpoint
CREATE INDEX "oidc_logins_provider_subject_idx" ON "oidc_logins" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE INDEX "oidc_logins_expires_idx" ON "oidc_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_providers_org_key" ON "oidc_providers" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_providers_platform_key" ON "oidc_providers" USING btree ("kind") WHERE "oidc_providers"."organization_id" is null;