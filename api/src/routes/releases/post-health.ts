// POST /api/releases/health/ (public, rate limited per client IP) {remote, version, ticket,
// samples: [{kind, value?, route?}]}: what a browser measured while a remote's area was shown
// (views, errors, LCP, INP, CLS), for judging rollouts. The shell sends it with
// navigator.sendBeacon as text/plain (a CORS-safelisted type: no preflight), so the body is read as
// text whatever its Content-Type and parsed here (HEALTH_BODY_MAX_BYTES at most). Only with the
// report ticket the manifest gave that browser for this remote and version
// (api/src/releases/telemetry/tickets.ts): a forged, expired or mismatched one is a 403 and nothing
// is recorded. The ticket's reporter is one voice: it adds at most
// HEALTH_SAMPLES_PER_REPORTER_PER_MINUTE samples a minute per release, the rest of a beacon is
// dropped (`recorded` says how many were kept). A report also ticks its remote's rollout plan
// (throttled per instance), so a bad canary is rolled back as soon as it shows.
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { factory } from '../../http/context.ts';
import { ApiError, badRequest, validationError } from '../../http/errors.ts';
import { answer, describe, documented } from '../../http/openapi.ts';
import { labelOfField, notAllowedMessage, unstorableStrings } from '../../http/validators.ts';
import { reportTickDue, tickRollouts } from '../../releases/rollouts/rollouts.ts';
import { ROLLOUT_REPORT_TICK_MS } from '../../releases/rollouts/rules.ts';
import { admitReport } from '../../releases/telemetry/report-gate.ts';
import {
  HEALTH_BODY_INVALID,
  HEALTH_BODY_MAX_BYTES,
  HEALTH_REPORTS_PER_MINUTE,
  HEALTH_SAMPLES_PER_REPORTER_PER_MINUTE,
  TOO_MANY_HEALTH_REPORTS,
} from '../../releases/telemetry/rules.ts';
import { HealthAnswerSchema, postHealthSchema } from '../../releases/telemetry/schemas.ts';
import { insertHealthSamples } from '../../releases/telemetry/sql.ts';

/** The body as JSON whatever its Content-Type, checked by postHealthSchema. */
const readBody = documented(
  factory.createMiddleware(async (_c, next) => {
    await next();
  }),
  'json',
  postHealthSchema,
);

async function parseBody(text: string): Promise<z.infer<typeof postHealthSchema>> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    badRequest(HEALTH_BODY_INVALID, undefined, { code: 'invalid_json' });
  }
  const result = await postHealthSchema.safeParseAsync(json);
  if (!result.success) throw validationError(result.error.issues);
  const unstorable = unstorableStrings(result.data);
  if (unstorable.length > 0) {
    const fields: Record<string, string> = {};
    for (const path of unstorable) {
      fields[path.join('.')] ??= notAllowedMessage(labelOfField(path.at(-1) ?? ''));
    }
    badRequest(Object.values(fields)[0] ?? HEALTH_BODY_INVALID, fields, {
      code: 'validation_error',
    });
  }
  return result.data;
}

export const postHealth = factory.createHandlers(
  describe({
    summary: 'Report health samples of a release (needs a report ticket; text/plain or JSON)',
    tags: ['releases'],
    answers: { 202: answer('How many samples were recorded', HealthAnswerSchema) },
    errors: [
      'invalid_json',
      ['invalid_ticket', 'Invalid, expired or mismatched ticket.'],
      'ticket_expired',
      'ticket_mismatch',
      'unknown_remote',
      'unknown_version',
      'too_many_requests',
    ],
  }),
  bodyLimit({
    maxSize: HEALTH_BODY_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, 'Request body is too large', 'payload_too_large', {
        limit_bytes: HEALTH_BODY_MAX_BYTES,
      });
    },
  }),
  readBody,
  async (c) => {
    const { db, background } = c.var;
    const body = await parseBody(await c.req.text());
    const { now, ticket, remote, release } = await admitReport(c, body, {
      kind: 'release-health',
      max: HEALTH_REPORTS_PER_MINUTE,
      message: TOO_MANY_HEALTH_REPORTS,
    });
    const recorded = await db.transaction((tx) =>
      insertHealthSamples(tx, {
        releaseId: release.id,
        reporter: ticket.reporter,
        samples: body.samples.map((s) => ({
          kind: s.kind,
          value: s.value ?? null,
          route: s.route ?? null,
        })),
        cap: HEALTH_SAMPLES_PER_REPORTER_PER_MINUTE,
        now,
      }),
    );
    if (recorded > 0 && reportTickDue(db, remote, now, ROLLOUT_REPORT_TICK_MS)) {
      background.run(`rollout tick of ${remote}`, () => tickRollouts(db, now, remote));
    }
    return c.json({ recorded }, 202);
  },
);
