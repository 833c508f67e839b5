// The metrics server's settings (METRICS_PORT, METRICS_HOST). config.ts merges `metricsEnv` into
// the environment's schema and calls `metricsConfig`: this file only describes them. The address
// is the metrics' own, never the public API's port (docs/configuration.md).
import { z } from 'zod';
import { intInRange, optional } from '../config-fields.ts';

export interface MetricsConfig {
  /** Where GET /metrics is served (METRICS_PORT); null: no metrics server and nothing collected. */
  port: number | null;
  /** The address it binds (METRICS_HOST): loopback unless a scraper elsewhere must reach it. */
  host: string;
}

export const metricsEnv = {
  METRICS_PORT: optional(intInRange('METRICS_PORT', 1, 65535)),
  METRICS_HOST: optional(z.string().trim()),
};

export function metricsConfig(env: {
  METRICS_PORT?: number;
  METRICS_HOST?: string;
}): MetricsConfig {
  return { port: env.METRICS_PORT ?? null, host: env.METRICS_HOST ?? '127.0.0.1' };
}
