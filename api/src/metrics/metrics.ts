// One API instance's Prometheus metrics (prom-client). Built only when METRICS_PORT is set
// (main.ts): otherwise no middleware, no collector and no timer exists, and the only cost left is
// a `?.` where a booking or a cancellation commits.
//
// Per request: one counter increment and one histogram observation (metrics/http.ts). Everything
// that is state (pool use, open streams, held seats, the outbox, rollouts, replica lag) is read
// when Prometheus scrapes (metrics/collectors.ts), never kept current on the request path.
import process from 'node:process';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the handlers and the HTTP middleware report; the rest is collected at scrape time. */
export interface Metrics {
  readonly registry: Registry;
  /** One answered request, by its route template (metrics/http.ts). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** Bookings committed by this instance: one per seat (a booking row). */
  booked(seats: number): void;
  /** Bookings cancelled by this instance. */
  cancelled(bookings: number): void;
}

export interface MetricsOptions {
  /**
   * prom-client's process and runtime metrics (resident memory, CPU, event-loop lag, heap):
   * default true. They keep a sampling timer for the event-loop lag, so tests that do not look
   * at them leave them off.
   */
  processMetrics?: boolean;
}

// Seconds: from a seat map answered from memory (about 1 ms) to a slow report.
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) processMetrics(registry);
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status class.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to its headers, for a stream), by method, route template and status class.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const bookings = new Counter({
    name: 'bookings_total',
    help: 'Bookings committed by this instance (one per seat).',
    registers: [registry],
  });
  const cancellations = new Counter({
    name: 'booking_cancellations_total',
    help: 'Bookings cancelled by this instance.',
    registers: [registry],
  });
  return {
    registry,
    request(method, route, status, seconds) {
      const labels = {
        method,
        route,
        status_class: STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other',
      };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    booked: (seats) => bookings.inc(seats),
    cancelled: (count) => cancellations.inc(count),
  };
}

// prom-client reads these from /proc/self on Linux, which Deno opens only to a process run with
// --allow-all (the API runs with named permissions, scripts/apps.mjs): they would have no value.
const READ_FROM_PROC = [
  'process_resident_memory_bytes',
  'process_virtual_memory_bytes',
  'process_heap_bytes',
  'process_open_fds',
  'process_max_fds',
];

/** prom-client's process and runtime metrics, the resident memory read as Deno gives it. */
function processMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const name of READ_FROM_PROC) registry.removeSingleMetric(name);
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory size in bytes.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().rss);
    },
  });
}
