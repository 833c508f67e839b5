import { ApiError } from '@cinema/api-client';
import {
  Button,
  failureMessage,
  Modal,
  StatusBadge,
  type StatusTone,
  Table,
  type TableColumn,
} from '@cinema/ui';
import { useState } from 'react';
import { noWrap } from '../../components/noWrap';
import { formatCount, formatDateTime, formatPercent } from '../../lib/format';
import { useAbortRollout } from './api/abortRollout';
import type {
  HealthRules,
  ReleaseHealth,
  ReleasesStatus,
  RemoteStatus,
  RolloutPlan,
} from './api/getReleases';
import { usePauseRollout } from './api/pauseRollout';
import { useResumeRollout } from './api/resumeRollout';
import { HealthCharts } from './HealthCharts';
import styles from './Rollouts.module.css';
import {
  formatCls,
  formatMs,
  remoteLabel,
  rolloutActive,
  rolloutStateLabel,
  rolloutStopped,
  timeUntil,
} from './releaseText';

type Action = 'pause' | 'resume' | 'abort';

const ACTION_TEXT: Record<Action, { button: string; title: string; body: string }> = {
  pause: {
    button: 'Pause rollout',
    title: 'Pause the rollout of {remote}?',
    body: 'The canary stays at {percent}% and no step is taken or judged until you resume.',
  },
  resume: {
    button: 'Resume rollout',
    title: 'Resume the rollout of {remote}?',
    body: 'The step at {percent}% begins again; the registry judges it and takes the next step on its own.',
  },
  abort: {
    button: 'Abort rollout',
    title: 'Abort the rollout of {remote}?',
    body: 'The canary {version} is rolled back at once and every browser gets the stable version on its next page load.',
  },
};

const fill = (text: string, plan: RolloutPlan) =>
  text
    .replace('{remote}', remoteLabel(plan.remote))
    .replace('{percent}', String(plan.steps[plan.step_index] ?? 0))
    .replace('{version}', plan.version);

const STATE_TONES: Record<string, StatusTone> = {
  running: 'positive',
  completed: 'positive',
  holding: 'muted',
  inconclusive: 'muted',
  paused: 'muted',
  rolled_back: 'muted',
  aborted: 'muted',
};

/** Why an action was refused: a conflict's own sentence (the plan moved on meanwhile). */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return error.message;
  return failureMessage(error, 'The rollout could not be changed. Please try again.');
}

/** The plan's steps, the current one marked (in words too, not only by style). */
function Steps({ plan }: { plan: RolloutPlan }) {
  const finished = plan.state === 'completed';
  return (
    <ol className={styles.steps} aria-label="Steps">
      {plan.steps.map((step, index) => {
        const current = index === plan.step_index && !finished;
        const done = finished || index < plan.step_index;
        return (
          <li
            key={step}
            className={current ? styles.currentStep : done ? styles.doneStep : styles.step}
            aria-current={current ? 'step' : undefined}
          >
            {`${step}%`}
            {current && <span className={styles.stepNote}> (current)</span>}
            {done && <span className={styles.stepNote}> ✓</span>}
          </li>
        );
      })}
    </ol>
  );
}

function PlanActions({ plan }: { plan: RolloutPlan }) {
  const [asking, setAsking] = useState<Action | null>(null);
  const pause = usePauseRollout();
  const resume = useResumeRollout();
  const abort = useAbortRollout();
  const mutations = { pause, resume, abort };
  const failed = [pause, resume, abort].find((mutation) => mutation.isError);
  const busy = [pause, resume, abort].some((mutation) => mutation.isPending);
  if (!rolloutActive(plan.state)) return null;
  const offered: Action[] = rolloutStopped(plan.state) ? ['resume', 'abort'] : ['pause', 'abort'];

  const confirm = () => {
    if (!asking) return;
    const mutation = mutations[asking];
    for (const other of [pause, resume, abort]) other.reset();
    mutation.mutate(plan.remote);
    setAsking(null);
  };

  return (
    <div className={styles.actions}>
      {offered.map((action) => (
        <Button
          key={action}
          variant={action === 'abort' ? 'danger' : 'secondary'}
          size="small"
          disabled={busy}
          onClick={() => setAsking(action)}
        >
          {ACTION_TEXT[action].button}
        </Button>
      ))}
      {failed?.error && (
        <p role="alert" className={styles.error}>
          {refusal(failed.error)}
        </p>
      )}
      <Modal
        open={asking !== null}
        title={asking ? fill(ACTION_TEXT[asking].title, plan) : ''}
        onClose={() => setAsking(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Back
            </Button>
            <Button variant={asking === 'abort' ? 'danger' : 'primary'} onClick={confirm}>
              {asking ? ACTION_TEXT[asking].button : ''}
            </Button>
          </>
        }
      >
        <p>{asking ? fill(ACTION_TEXT[asking].body, plan) : ''}</p>
      </Modal>
    </div>
  );
}

/** The plan: version, steps with the current one, state, when the next step is due, why. */
function Plan({ plan }: { plan: RolloutPlan }) {
  const active = rolloutActive(plan.state);
  return (
    <div className={styles.plan}>
      <p className={styles.planLine}>
        {`Rollout of ${plan.version}, a step every ${formatCount(plan.every_minutes)} min: `}
        <StatusBadge tone={STATE_TONES[plan.state] ?? 'muted'}>
          {rolloutStateLabel(plan.state)}
        </StatusBadge>
      </p>
      <Steps plan={plan} />
      {active && plan.next_step_at && !rolloutStopped(plan.state) && (
        <p className={styles.planLine}>
          {plan.state === 'holding'
            ? `Judged again every few seconds; inconclusive ${timeUntil(plan.next_step_at)} `
            : `Next step ${timeUntil(plan.next_step_at)} `}
          <time dateTime={plan.next_step_at}>{`(${formatDateTime(plan.next_step_at)})`}</time>
          {plan.state === 'holding' && ' unless the canary gets enough traffic first.'}
        </p>
      )}
      {plan.reason && (
        <p className={plan.state === 'rolled_back' ? styles.reasonBad : styles.reason}>
          {plan.reason}
        </p>
      )}
      {plan.state === 'inconclusive' && (
        <p className={styles.planLine}>
          {`Paused by the registry, not by a person: the canary stays at ${plan.steps[plan.step_index] ?? 0}%. Resume to judge the step again from the start, or abort to roll the canary back.`}
        </p>
      )}
      <PlanActions plan={plan} />
    </div>
  );
}

type HealthRow = { channel: string; health: ReleaseHealth };

const HEALTH_COLUMNS: readonly TableColumn<HealthRow>[] = noWrap<HealthRow>([
  { id: 'channel', header: 'Channel', cell: (row) => row.channel },
  { id: 'version', header: 'Version', cell: (row) => row.health.version },
  {
    id: 'reporters',
    header: 'Reporters',
    cell: (row) => formatCount(row.health.reporters),
    align: 'end',
  },
  { id: 'views', header: 'Views', cell: (row) => formatCount(row.health.views), align: 'end' },
  { id: 'errors', header: 'Errors', cell: (row) => formatCount(row.health.errors), align: 'end' },
  {
    id: 'error-rate',
    header: 'Error rate',
    cell: (row) => (row.health.error_rate === null ? '—' : formatPercent(row.health.error_rate)),
    align: 'end',
  },
  {
    id: 'lcp',
    header: 'LCP p75',
    cell: (row) => `${formatMs(row.health.lcp_p75)} (${formatCount(row.health.lcp_samples)})`,
    align: 'end',
  },
  {
    id: 'inp',
    header: 'INP p75',
    cell: (row) => `${formatMs(row.health.inp_p75)} (${formatCount(row.health.inp_samples)})`,
    align: 'end',
  },
  {
    id: 'cls',
    header: 'CLS p75',
    cell: (row) => `${formatCls(row.health.cls_p75)} (${formatCount(row.health.cls_samples)})`,
    align: 'end',
  },
]);

function RemoteRollout({ status }: { status: RemoteStatus }) {
  const label = remoteLabel(status.remote);
  const rows: HealthRow[] = [];
  if (status.health.stable) rows.push({ channel: 'Stable', health: status.health.stable });
  if (status.health.canary) rows.push({ channel: 'Canary', health: status.health.canary });
  const channels: Record<string, string> = {};
  if (status.stable) channels[status.stable.version] = 'stable';
  if (status.canary) channels[status.canary.version] = 'canary';
  if (status.previous_stable) channels[status.previous_stable.version] ??= 'previous stable';
  return (
    <section className={styles.remote} aria-labelledby={`rollout-${status.remote}`}>
      <h3 id={`rollout-${status.remote}`} className={styles.remoteTitle}>
        {label}
      </h3>
      {status.rollout ? (
        <Plan plan={status.rollout} />
      ) : (
        <p className={styles.muted}>No rollout plan.</p>
      )}
      <Table
        caption={`Health of ${label} since ${formatDateTime(status.health.since)}`}
        columns={HEALTH_COLUMNS}
        rows={rows}
        rowKey={(row) => row.channel}
        emptyMessage="No health reports in this window."
      />
      <HealthCharts remote={status.remote} channels={channels} />
    </section>
  );
}

function rulesSentence(rules: HealthRules): string {
  return `A rollout step is judged on the canary against stable since the step began: with fewer than ${formatCount(rules.min_views)} canary views or ${formatCount(rules.min_reporters)} reporters it holds, and after ${formatCount(rules.inconclusive_windows)} such windows (a step's interval each) the rollout pauses as inconclusive; it is rolled back when the canary's error rate is at least ${formatCount(rules.error_rate_ratio)}× stable's and at least ${formatPercent(rules.error_rate_min)}, or its p75 LCP or INP is at least ${rules.vitals_ratio}× stable's with ${formatCount(rules.vitals_min_samples)} or more samples on both; otherwise it takes the next step when due, and the last makes the canary stable.`;
}

/**
 * Rollouts and health of each published remote: its plan with pause, resume and abort, canary
 * against stable over the current window, and charts of the last day.
 */
export function Rollouts({ status }: { status: ReleasesStatus }) {
  const remotes = Object.values(status.remotes).filter((remote) => remote.stable);
  if (remotes.length === 0) return null;
  return (
    <section className={styles.rollouts} aria-labelledby="rollouts-heading">
      <h2 id="rollouts-heading" className={styles.heading}>
        Rollouts and health
      </h2>
      <p className={styles.muted}>{rulesSentence(status.health_rules)}</p>
      {remotes.map((remote) => (
        <RemoteRollout key={remote.remote} status={remote} />
      ))}
    </section>
  );
}
