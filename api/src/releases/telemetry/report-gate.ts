// What every browser report about a release passes before it is recorded (POST events/ and
// health/): the report ticket, checked before anything touches the database (a forged report
// costs one HMAC and writes nothing) and bound to the remote and version reported on; a limit per
// client network; then the release it names, which must exist.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { consume, networksOf, throwIfBlocked } from '../../http/rate-limit.ts';
import { knownRemote } from '../registry/remote.ts';
import { unknownVersion } from '../registry/rules.ts';
import { findRelease } from '../registry/sql.ts';
import { TICKET_EXPIRED, TICKET_INVALID, TICKET_MISMATCH } from './rules.ts';
import { verifyReportTicket } from './tickets.ts';

export async function admitReport(
  c: Context<AppEnv>,
  report: { remote: string; version: string; ticket: string },
  perMinute: { kind: string; max: number; message: string },
) {
  const { db, clock, clientIp, config } = c.var;
  const now = clock();
  const check = verifyReportTicket(config, report.ticket, now);
  if (!check.ok) {
    if (check.reason === 'expired') forbidden(TICKET_EXPIRED, { code: 'ticket_expired' });
    forbidden(TICKET_INVALID, { code: 'invalid_ticket' });
  }
  const { ticket } = check;
  if (ticket.remote !== report.remote || ticket.version !== report.version) {
    forbidden(TICKET_MISMATCH, { code: 'ticket_mismatch' });
  }
  throwIfBlocked(
    await consume(
      db,
      [
        {
          // Per network (IPv4 address, IPv6 /64), not per address: decisions/0029-limits-count-networks.md.
          key: `${perMinute.kind}:net:${networksOf(clientIp).network}`,
          max: perMinute.max,
          windowSeconds: 60,
          message: perMinute.message,
        },
      ],
      now,
    ),
  );
  const remote = knownRemote(report.remote);
  const release = await findRelease(db, remote, report.version);
  if (!release) notFound(unknownVersion(report.version, remote), { code: 'unknown_version' });
  return { now, ticket, remote, release };
}
