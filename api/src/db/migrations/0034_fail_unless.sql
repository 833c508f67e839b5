-- Ends a transaction whose COMMIT is already on its way (tx.commit() in db/db.ts, decision 0054):
-- with COMMIT pipelined behind the last statements, the API cannot look at their answers and
-- roll back, so such a batch states its conditions in SQL. A condition that is not true raises
-- SQLSTATE CN001 with `reason` as its message; PostgreSQL then answers the COMMIT with ROLLBACK.
CREATE FUNCTION fail_unless(condition boolean, reason text) RETURNS boolean
  LANGUAGE plpgsql AS $$
BEGIN
  IF condition IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'CN001', MESSAGE = reason;
  END IF;
  RETURN true;
END
$$;
