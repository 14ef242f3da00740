CREATE INDEX "patients_phone_digits_trgm" ON "patients" USING gin ("phone_key" gin_trgm_ops);--> statement-breakpoint
-- hand-written
-- The sign-in cache (lib/auth-cache.ts) holds a user's speciality and patient link too: a change
-- of either, or a deleted user or session, notifies every server like a revocation does.
CREATE FUNCTION "auth_cache_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('wellbe_realtime_revoke', json_build_object('userId', OLD.id)::text);
  ELSE
    PERFORM pg_notify('wellbe_realtime_revoke', json_build_object('userId', OLD.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_cache_update" AFTER UPDATE OF "job_specialist_id", "patient_id" ON "users"
  FOR EACH ROW WHEN (OLD."job_specialist_id" IS DISTINCT FROM NEW."job_specialist_id" OR OLD."patient_id" IS DISTINCT FROM NEW."patient_id")
  EXECUTE FUNCTION "auth_cache_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_cache_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "auth_cache_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_sessions_auth_cache_delete" AFTER DELETE ON "user_sessions" FOR EACH ROW EXECUTE FUNCTION "auth_cache_changed"();
