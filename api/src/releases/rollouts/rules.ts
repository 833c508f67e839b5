// How often rollout plans are looked at (rollouts.ts tickRollouts).

/** How often each API instance looks at the running plans (real time; the clock decides). */
export const ROLLOUT_TICK_MS = 5000;
/** A health report also looks at its remote's plan, at most this often per instance. */
export const ROLLOUT_REPORT_TICK_MS = 2000;
