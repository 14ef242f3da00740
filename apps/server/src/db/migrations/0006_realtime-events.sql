CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"organization_id" uuid,
	"user_ids" uuid[],
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_events_org_idx" ON "realtime_events" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
-- hand-written
-- Open WebSockets close as soon as their token stops being valid: whatever revokes it (logout,
-- "Déconnecter cette session", password change, deactivation of the user or its organisation)
-- notifies every server, which re-checks the sockets it holds for that user or organisation.
CREATE FUNCTION "realtime_user_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('wellbe_realtime_revoke', json_build_object('userId', NEW.id)::text);
  ELSIF TG_TABLE_NAME = 'user_sessions' THEN
    PERFORM pg_notify('wellbe_realtime_revoke', json_build_object('userId', NEW.user_id)::text);
  ELSE
    PERFORM pg_notify('wellbe_realtime_revoke', json_build_object('organizationId', NEW.id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_realtime_revoke" AFTER UPDATE OF "token_version", "active", "role", "organization_id" ON "users"
  FOR EACH ROW WHEN (OLD."token_version" IS DISTINCT FROM NEW."token_version" OR OLD."active" IS DISTINCT FROM NEW."active"
    OR OLD."role" IS DISTINCT FROM NEW."role" OR OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
  EXECUTE FUNCTION "realtime_user_revoked"();
--> statement-breakpoint
CREATE TRIGGER "user_sessions_realtime_revoke" AFTER UPDATE OF "revoked_at", "expires_at" ON "user_sessions"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at")
  EXECUTE FUNCTION "realtime_user_revoked"();
--> statement-breakpoint
CREATE TRIGGER "organisations_realtime_revoke" AFTER UPDATE OF "active" ON "organisations"
  FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active")
  EXECUTE FUNCTION "realtime_user_revoked"();
