// What every handler can read from the context: `c.var.db`, `c.var.config`, `c.var.clock`, ...
import { createFactory } from 'hono/factory';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import type { EmailSender } from '../mail/sender.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Background } from './background.ts';

export type Clock = () => Date;

export type AppEnv = {
  Variables: {
    config: Config;
    /** The primary: every write, and every read not listed under `readDb`. */
    db: Db;
    /**
     * Where the back-office lists and reports read: the streaming replica at DATABASE_READ_URL,
     * else the primary (`db` itself). Only these handlers use it, each at one visible line:
     *   GET bookings/admin/ and bookings/owner/ (list-bookings.ts), reports/ (get-report.ts),
     *   signup/?role= (the admin's account lists), and the ADMIN's paged theaters/, movies/ and
     *   shows/ (?page=).
     * Everything else reads the primary: authentication (the session check of these very
     * requests too), the customer's lists, one show, seat maps and their streams, holds,
     * confirm, bookings, my-tickets, cancel, check-in and its list, releases, and an owner's own
     * theaters, movies and shows (the owner reads back what they just added). A replica is a
     * little behind; nobody on the way to a seat may see one free that was just booked.
     * A replica that cannot be reached answers 503 replica_unavailable (app.ts), never the
     * primary instead: docs/decisions/0016-read-replica.md.
     */
    readDb: Db;
    clock: Clock;
    logger: Logger;
    requestId: string;
    mailer: Mailer;
    /** Work that finishes after the response (e.g. sending an email); failures are logged. */
    background: Background;
    /**
     * This instance's sender of the email queue (mail/sender.ts): a handler that queued an email
     * in its transaction calls `emails.wake(kind)` after the commit, to send it soon.
     */
    emails: EmailSender;
    /** The caller's IP (see client-ip.ts); 'unknown' when the server could not tell. */
    clientIp: string;
    /** This instance's live seat map: changes heard from PostgreSQL, fanned out to streams. */
    live: LiveHub;
    /** This instance's metrics when METRICS_PORT is set (metrics/metrics.ts), else null. */
    metrics: Metrics | null;
  };
};

/** Handlers in their own files keep validator types: `factory.createHandlers(validate(...), h)`. */
export const factory = createFactory<AppEnv>();
