// A rollout plan as the API shows it.
import type { RolloutRow } from './sql.ts';

export function planJson(plan: RolloutRow | null) {
  if (!plan) return null;
  return {
    remote: plan.remote,
    version: plan.version,
    steps: plan.steps,
    every_minutes: plan.every_minutes,
    step_index: plan.step_index,
    state: plan.state,
    next_step_at: plan.next_step_at,
    reason: plan.reason,
    started_at: plan.started_at,
    updated_at: plan.updated_at,
  };
}
