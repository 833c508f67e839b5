// GET /api/releases/{remote}/health/?hours=24 (admin): the remote's health per live version over
// time, for the Releases page's charts: views, errors (each reporter's up to its views), error
// rate and the p75 of LCP, INP and CLS, in 10-minute buckets (hourly beyond 24 hours), oldest
// first. Only buckets with samples are listed.
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { knownRemoteParam, remoteParam } from '../../releases/registry/remote.ts';
import { getHealthQuery, HealthSeriesSchema } from '../../releases/telemetry/schemas.ts';
import { healthSeries } from '../../releases/telemetry/sql.ts';

export const getHealth = factory.createHandlers(
  describe({
    summary: 'A remote’s health per version over time (charts)',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The series', HealthSeriesSchema) },
    errors: ['permission_denied', 'unknown_remote'],
  }),
  releaseAccess('read'),
  knownRemoteParam,
  validate('query', getHealthQuery),
  async (c) => {
    const { db, clock } = c.var;
    const remote = remoteParam(c);
    const hours = c.req.valid('query').hours ?? 24;
    const bucketMinutes = hours > 24 ? 60 : 10;
    const since = new Date(clock().getTime() - hours * 3600_000);
    const points = await healthSeries(db, remote, since, bucketMinutes);
    return c.json({
      remote,
      bucket_minutes: bucketMinutes,
      points: points.map((p) => ({
        at: p.at,
        version: p.version,
        views: p.views,
        errors: p.errors,
        error_rate: p.views > 0 ? p.errors / p.views : null,
        lcp_p75: p.lcp_p75,
        inp_p75: p.inp_p75,
        cls_p75: p.cls_p75,
      })),
    });
  },
);
