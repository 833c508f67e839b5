// The rules of rollout plans (docs/decisions/0017-progressive-delivery.md): the states a plan
// goes through and the messages about plans the API answers with. 'inconclusive' is a pause the
// ticker makes when a step never got enough traffic to judge (docs/decisions/0038-inconclusive-
// rollouts.md).

export const ROLLOUT_STATES = [
  'running',
  'paused',
  'holding',
  'inconclusive',
  'completed',
  'rolled_back',
  'aborted',
] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const ACTIVE_ROLLOUT_STATES: readonly RolloutState[] = [
  'running',
  'paused',
  'holding',
  'inconclusive',
];

export const STEPS_INVALID =
  'Steps must be whole percentages from 1 to 100, strictly increasing, ending in 100.';
export const EVERY_INVALID = 'every_minutes must be a whole number from 1 to 1440.';
export const NO_ACTIVE_ROLLOUT = 'There is no rollout in progress for this remote.';
export const ROLLOUT_NOT_RUNNING = 'The rollout is not running.';
export const ROLLOUT_NOT_PAUSED = 'The rollout is not paused.';
export const rolloutInProgress = (version: string, remote: string) =>
  `${remote} already has a rollout in progress (${version}); pause, resume or abort it first.`;
export const rolloutAborted = (username: string) => `Rollout aborted by ${username}.`;
