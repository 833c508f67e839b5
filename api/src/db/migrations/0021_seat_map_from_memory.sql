-- The seat map answered from memory (docs/decisions/0030-seat-map-from-memory.md). Each API
-- instance keeps which sessions are alive and the role of their user (live/sessions.ts), kept
-- current by the session_ended channel of migration 0017. A role can change without a session
-- ending (the admin account named at start, routes/accounts/admin.ts): announced on the same
-- channel as 'user:<id>', inside the transaction that changes it, so every instance reads that
-- user's sessions again. (Older instances take it for a session id that none of them has.)
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', 'user:' || NEW.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_role_notify
  AFTER UPDATE OF role ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION notify_user_changed();
