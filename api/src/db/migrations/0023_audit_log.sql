-- Who changed what (docs/decisions/0033-audit-log.md): one row per business action of an owner or
-- an admin, and per release action (the ticker's automatic ones too), written in the action's own
-- transaction by api/src/audit/sql.ts. Append-only: the triggers below refuse UPDATE and DELETE
-- for every role, the table's owner too.
--
-- actor_id has no foreign key on purpose: the record outlives its actor, and ON DELETE SET NULL
-- would be an UPDATE. actor_label keeps the username at the time ('system' for the ticker).
-- entity_id is text: releases are named by their remote ('mfe-user'), the rest by their ids.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_id bigint,
  actor_label text NOT NULL,
  action text NOT NULL CONSTRAINT audit_log_action_form CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  entity_kind text NOT NULL,
  entity_id text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
    CONSTRAINT audit_log_details_object CHECK (jsonb_typeof(details) = 'object'),
  request_id text
);

-- The admin's list reads newest first, whole or filtered by actor, action or entity kind.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_kind, entity_id, at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

-- Statement triggers refuse every UPDATE and DELETE, even one matching no row. TRUNCATE stays
-- possible: it needs the table's owner (the test harness empties every table between tests).
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
