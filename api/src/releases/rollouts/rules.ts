// How often rollout plans are looked at (rollouts.ts tickRollouts).

/** How often each API instance looks at the running plans (real time; the clock decides). */
export const ROLLOUT_TICK_MS = 5000;
/** A health report also looks at its remote's plan, at most this often per instance. */
export const ROLLOUT_REPORT_TICK_MS = 2000;
/**
 * A step that ends (is due) with too little traffic to judge holds, re-judged on every tick over
 * the whole step so far; once this many windows of the plan's interval have passed since the step
 * began without enough, the plan pauses as 'inconclusive' (docs/decisions/0038-inconclusive-
 * rollouts.md). A window with enough traffic is judged as soon as it ends, so it never counts.
 */
export const INCONCLUSIVE_AFTER_WINDOWS = 3;
