CREATE TABLE "session_revocation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "session_revocation_single_row" CHECK ("session_revocation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "session_revocation" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers). Every instance caches sessions for a few seconds
-- and drops its cache when this version moves (D9, D11): a transaction that ends a session
-- (sign-out, password reset, revocation, user deletion cascades), changes a password or changes
-- what a session shows of its member (role, ban, name, email, confirmation) moves it once, at
-- commit, the same way catalog_version moves (migration 0002).
CREATE OR REPLACE FUNCTION bump_session_revocation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rakbuku.sessions_bumped', true), '') <> 'on' THEN
    PERFORM set_config('rakbuku.sessions_bumped', 'on', true);
    UPDATE session_revocation SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_revoke_on_delete"
  AFTER DELETE ON "session"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_session_revocation();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_revoke_on_user_delete"
  AFTER DELETE ON "user"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_session_revocation();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_revoke_on_user_change"
  AFTER UPDATE ON "user"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.banned IS DISTINCT FROM NEW.banned
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified)
  EXECUTE FUNCTION bump_session_revocation();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "session_revoke_on_password_change"
  AFTER UPDATE ON "account"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.password IS DISTINCT FROM NEW.password)
  EXECUTE FUNCTION bump_session_revocation();
