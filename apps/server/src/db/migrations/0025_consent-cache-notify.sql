-- Custom SQL migration file, put your code below! --
-- hand-written
-- The consent gate (modules/policies) answers from each server's cache (lib/auth-cache.ts): a
-- version published, changed or removed, or an acceptance recorded, notifies every server on the
-- sign-in cache's channel, which forgets what it holds (every user for a version, one user for an
-- acceptance).
CREATE FUNCTION "policy_consent_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'policy_acceptances' THEN
    PERFORM pg_notify('wellbe_realtime_revoke', json_build_object('consentUserId', CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  ELSE
    PERFORM pg_notify('wellbe_realtime_revoke', json_build_object('policies', true)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "policy_versions_consent_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "policy_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "policy_consent_changed"();
--> statement-breakpoint
CREATE TRIGGER "policy_acceptances_consent_changed" AFTER INSERT OR UPDATE OR DELETE ON "policy_acceptances"
  FOR EACH ROW EXECUTE FUNCTION "policy_consent_changed"();
