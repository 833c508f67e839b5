-- Seat streams end with their session and are counted across every API instance
-- (docs/decisions/0026-streams-end-with-their-session.md).
--
-- A session that stops being alive (revoked: logout, password reset, refresh-token reuse, an
-- admin's new password; or deleted, with its user) is announced on the session_ended channel by
-- these triggers, inside the transaction that ends it, so every instance hears it at commit and
-- ends that session's open streams (live/hub.ts). Triggers rather than a call in each handler:
-- whatever ends a session later cannot forget to say so.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_revoked_notify
  AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_ended();

CREATE TRIGGER sessions_deleted_notify
  AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION notify_session_ended();

-- One row per open seat stream, on whichever instance serves it: the per-account and
-- per-network limits count these rows. The instance renews the lease of its streams' rows
-- together every few seconds and deletes a row when its stream ends; the rows of an instance
-- that died expire with their lease. Leases are in the database's clock, so the instances'
-- clocks need not agree.
CREATE TABLE seat_streams (
  id uuid PRIMARY KEY,
  -- The API instance serving it (random per process start).
  instance uuid NOT NULL,
  user_id bigint NOT NULL,
  session_id uuid NOT NULL,
  -- The client's network: an IPv4 address, or an IPv6 /64 (http/client-ip.ts clientNetwork).
  network text NOT NULL,
  opened_at timestamptz NOT NULL,
  lease_until timestamptz NOT NULL
);
CREATE INDEX seat_streams_user_idx ON seat_streams (user_id);
CREATE INDEX seat_streams_network_idx ON seat_streams (network);
CREATE INDEX seat_streams_instance_idx ON seat_streams (instance);
