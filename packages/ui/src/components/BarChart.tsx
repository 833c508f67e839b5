import { type ReactNode, useId, useState } from 'react';
import styles from './BarChart.module.css';
import { Button } from './Button';
import { niceCeiling } from './chartScale';
import { Table, type TableColumn } from './Table';

export interface BarChartProps<Point> {
  /** The points in order along the x axis (days, time buckets...). */
  points: readonly Point[];
  /** A point's value; null draws no bar (nothing measured). */
  value: (point: Point) => number | null;
  pointKey: (point: Point) => string;
  /** A point's x label under the plot (the first, middle and last are shown). */
  xLabel: (point: Point) => string;
  /** What a bar says on hover: its point and value in words. */
  pointTitle: (point: Point) => string;
  /** The value axis' labels, e.g. '₹1.2L', '250 ms'. */
  formatValue: (value: number) => string;
  /** What the chart shows, in one sentence: the accessible name of the image. */
  summary: string;
  /** The same figures as a table, shown on demand: the chart's text alternative. */
  tableCaption: string;
  tableColumns: readonly TableColumn<Point>[];
  /** The top of the value axis; by default a round number at or above the largest value. */
  top?: number;
  /** Label of the button that shows the table; 'Show the figures as a table' by default. */
  tableButtonLabel?: [show: string, hide: string];
  /** Shown beside the table button, e.g. a legend. */
  footer?: ReactNode;
}

/** Width of one point's column and height of the plot, in SVG units (the plot stretches to fit). */
const COLUMN = 10;
const HEIGHT = 100;
const BAR_GAP = 1.5;

/**
 * Values as bars, drawn in plain SVG. The SVG is one image named by a summary sentence; each
 * bar's <title> gives its point on hover; the same figures are a table on demand. The labels are
 * HTML beside the SVG, so they stay readable however narrow the plot gets.
 */
export function BarChart<Point>({
  points,
  value,
  pointKey,
  xLabel,
  pointTitle,
  formatValue,
  summary,
  tableCaption,
  tableColumns,
  top: fixedTop,
  tableButtonLabel = ['Show the figures as a table', 'Hide the figures as a table'],
  footer,
}: BarChartProps<Point>) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const top = fixedTop ?? niceCeiling(Math.max(0, ...points.map((point) => value(point) ?? 0)));
  const width = Math.max(points.length, 1) * COLUMN;
  const first = points[0];
  const middle = points[Math.floor((points.length - 1) / 2)];
  const last = points[points.length - 1];
  const xLabels = [
    first,
    points.length > 2 ? middle : undefined,
    points.length > 1 ? last : undefined,
  ];

  return (
    <div className={styles.chart}>
      <div className={styles.plot}>
        <div className={styles.yAxis} aria-hidden="true">
          <span style={{ top: '0%' }}>{formatValue(top)}</span>
          <span style={{ top: '50%' }}>{formatValue(top / 2)}</span>
          <span style={{ top: '100%' }}>{formatValue(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className={styles.svg}
        >
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line
              key={y}
              x1={0}
              x2={width}
              y1={y}
              y2={y}
              className={styles.gridline}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {points.map((point, index) => {
            const height = (Math.min(value(point) ?? 0, top) / top) * HEIGHT;
            const key = pointKey(point);
            return (
              <g key={key} className={styles.point} data-point={key}>
                <title>{pointTitle(point)}</title>
                {/* The whole column answers the pointer, so even an empty point shows its title. */}
                <rect
                  x={index * COLUMN}
                  y={0}
                  width={COLUMN}
                  height={HEIGHT}
                  className={styles.hitArea}
                />
                <rect
                  x={index * COLUMN + BAR_GAP}
                  y={HEIGHT - height}
                  width={COLUMN - 2 * BAR_GAP}
                  height={height}
                  className={styles.bar}
                />
              </g>
            );
          })}
        </svg>
        <div className={styles.xAxis} aria-hidden="true">
          {xLabels.map((point, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots: first, middle, last
            <span key={index}>{point ? xLabel(point) : ''}</span>
          ))}
        </div>
      </div>
      <div className={styles.footer}>
        <Button
          variant="ghost"
          size="small"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? tableButtonLabel[1] : tableButtonLabel[0]}
        </Button>
        {footer}
      </div>
      <div id={tableId} hidden={!tableShown}>
        {tableShown && (
          <Table
            caption={tableCaption}
            captionHidden
            columns={tableColumns}
            rows={points}
            rowKey={pointKey}
          />
        )}
      </div>
    </div>
  );
}
