-- A rollout step that ends without enough traffic to judge for several windows pauses as
-- 'inconclusive' (docs/decisions/0038-inconclusive-rollouts.md): a state of its own, active like
-- 'paused' (the canary stays, one plan per remote, resume continues it) and, like it, with no
-- next_step_at (the ticker leaves it alone; release_rollouts' table CHECK needs no change).
-- The column's CHECK was unnamed in 0015, so it carries PostgreSQL's generated name, the same in
-- PostgreSQL 15 and PGlite.
ALTER TABLE release_rollouts DROP CONSTRAINT release_rollouts_state_check;
ALTER TABLE release_rollouts ADD CONSTRAINT release_rollouts_state_check
  CHECK (state IN ('running', 'paused', 'holding', 'inconclusive', 'completed', 'rolled_back',
                   'aborted'));

-- One active plan per remote, an inconclusive one included.
DROP INDEX release_rollouts_active_idx;
CREATE UNIQUE INDEX release_rollouts_active_idx
  ON release_rollouts (remote) WHERE state IN ('running', 'paused', 'holding', 'inconclusive');
