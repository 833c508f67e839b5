/**
 * Runs before every app's entry (Rsbuild `source.preEntry`), so before any other code of the page:
 * under the shell it covers the remotes too. The frontends are served with a Content-Security-
 * Policy without 'unsafe-eval' (scripts/security-headers.mjs). Zod 4 probes whether it may
 * compile validators with `new Function` the first time an object schema parses; the probe is
 * caught, but the browser still reports it as a violation. Every copy of zod on the page reads
 * this one global config, so turning its JIT off here silences the probe for all of them.
 */
const zodHost = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };

export {};
