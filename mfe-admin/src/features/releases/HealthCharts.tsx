import { ErrorState, failureMessage, Skeleton } from '@cinema/ui';
import { BarChart, niceCeiling } from '@cinema/ui/bar-chart';
import { noWrap } from '../../components/noWrap';
import { formatCount, formatPercent } from '../../lib/format';
import { HEALTH_CHART_HOURS, type HealthPoint, useReleaseHealth } from './api/getReleaseHealth';
import type { Remote } from './api/getReleases';
import styles from './Rollouts.module.css';
import { formatMs, remoteLabel } from './releaseText';

/** One bucket of one version; null figures where it had no samples (or the bucket no views). */
type Slot = { at: string; point: HealthPoint | null };

type Measure = {
  name: string;
  value: (point: HealthPoint) => number | null;
  format: (value: number) => string;
  /** The axis' top when every value is 0 or missing. */
  fallbackTop: number;
};

const MEASURES: readonly Measure[] = [
  {
    name: 'Error rate',
    value: (point) => point.error_rate,
    format: (value) => formatPercent(value),
    fallbackTop: 0.01,
  },
  { name: 'LCP p75', value: (point) => point.lcp_p75, format: formatMs, fallbackTop: 1000 },
  { name: 'INP p75', value: (point) => point.inp_p75, format: formatMs, fallbackTop: 100 },
];

const clock = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** A bucket's start as a time of day (the charts cover a day). */
const bucketLabel = (at: string) => clock.format(new Date(at));

/** What one chart shows, in a sentence: its accessible name. */
function summarise(measure: Measure, version: string, channel: string, slots: readonly Slot[]) {
  const what = `${measure.name} of ${version} (${channel}) over the last ${HEALTH_CHART_HOURS} hours`;
  let top: Slot | null = null;
  for (const slot of slots) {
    const value = slot.point ? measure.value(slot.point) : null;
    const best = top?.point ? measure.value(top.point) : null;
    if (value !== null && (best === null || value > best)) top = slot;
  }
  const highest = top?.point ? measure.value(top.point) : null;
  if (!top || highest === null) return `${what}: no samples.`;
  const views = slots.reduce((sum, slot) => sum + (slot.point?.views ?? 0), 0);
  return `${what}: highest ${measure.format(highest)} at ${dayAndClock.format(new Date(top.at))}; ${formatCount(views)} views in all.`;
}

function tableColumns(measure: Measure) {
  return noWrap<Slot>([
    { id: 'at', header: 'From', cell: (slot) => dayAndClock.format(new Date(slot.at)) },
    {
      id: 'views',
      header: 'Views',
      cell: (slot) => formatCount(slot.point?.views ?? 0),
      align: 'end',
    },
    {
      id: 'value',
      header: measure.name,
      cell: (slot) => {
        const value = slot.point ? measure.value(slot.point) : null;
        return value === null ? '—' : measure.format(value);
      },
      align: 'end',
    },
  ]);
}

/**
 * Each live version's error rate and p75 LCP and INP over the last day, a chart per measure and
 * version on one scale per measure, so canary and stable compare at a glance. Each chart has its
 * figures as a table (its text alternative).
 */
export function HealthCharts({
  remote,
  channels,
}: {
  remote: Remote;
  /** version -> 'stable', 'canary'...: how the status names the versions. */
  channels: Record<string, string>;
}) {
  const health = useReleaseHealth(remote);
  if (health.isPending) return <Skeleton lines={3} label="Loading the health charts..." />;
  if (health.isError) {
    return (
      <ErrorState
        message={failureMessage(health.error, 'The health charts could not be loaded.')}
        error={health.error}
        onRetry={() => void health.refetch()}
      />
    );
  }
  const { points } = health.data;
  if (points.length === 0) {
    return (
      <p className={styles.muted}>
        {`No health reports for ${remoteLabel(remote)} in the last ${HEALTH_CHART_HOURS} hours.`}
      </p>
    );
  }
  const times = [...new Set(points.map((point) => point.at))].sort();
  const versions = [...new Set(points.map((point) => point.version))];
  const slotsOf = (version: string): Slot[] =>
    times.map((at) => ({
      at,
      point: points.find((point) => point.at === at && point.version === version) ?? null,
    }));

  return (
    <div className={styles.charts}>
      {MEASURES.map((measure) => {
        const top = niceCeiling(
          Math.max(0, ...points.map((point) => measure.value(point) ?? 0)),
          measure.fallbackTop,
        );
        return (
          <section key={measure.name} className={styles.measure}>
            <h4 className={styles.measureTitle}>{measure.name}</h4>
            <div className={styles.versions}>
              {versions.map((version) => {
                const channel = channels[version] ?? 'earlier';
                const slots = slotsOf(version);
                return (
                  <figure key={version} className={styles.figure}>
                    <figcaption
                      className={styles.figcaption}
                    >{`${version} (${channel})`}</figcaption>
                    <BarChart
                      points={slots}
                      value={(slot) => (slot.point ? measure.value(slot.point) : null)}
                      pointKey={(slot) => slot.at}
                      xLabel={(slot) => bucketLabel(slot.at)}
                      pointTitle={(slot) => {
                        const value = slot.point ? measure.value(slot.point) : null;
                        return `${dayAndClock.format(new Date(slot.at))}: ${
                          value === null ? 'no samples' : measure.format(value)
                        } (${formatCount(slot.point?.views ?? 0)} views)`;
                      }}
                      formatValue={measure.format}
                      summary={summarise(measure, version, channel, slots)}
                      tableCaption={`${measure.name} of ${version}`}
                      tableColumns={tableColumns(measure)}
                      top={top}
                      tableButtonLabel={[
                        `Show the ${measure.name} of ${version} as a table`,
                        `Hide the ${measure.name} of ${version} table`,
                      ]}
                    />
                  </figure>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
