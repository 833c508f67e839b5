// The metrics' own HTTP app: GET /metrics in Prometheus' text format, nothing else. main.ts serves
// it on METRICS_HOST:METRICS_PORT, never on the public API's port (app.ts has no /metrics).
import { Hono } from 'hono';
import type { Metrics } from './metrics.ts';

export function metricsApp(metrics: Metrics): Hono {
  const app = new Hono({ strict: false });
  app.get('/metrics', async (c) => {
    const text = await metrics.registry.metrics();
    return c.body(text, 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    });
  });
  app.notFound((c) => c.text('Not found: the metrics are at /metrics\n', 404));
  return app;
}
