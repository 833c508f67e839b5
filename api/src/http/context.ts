// What every handler can read from the context: `c.var.db`, `c.var.config`, `c.var.clock`, ...
import { createFactory } from 'hono/factory';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import type { Background } from './background.ts';

export type Clock = () => Date;

export type AppEnv = {
  Variables: {
    config: Config;
    db: Db;
    clock: Clock;
    logger: Logger;
    requestId: string;
    mailer: Mailer;
    /** Work that finishes after the response (e.g. sending an email); failures are logged. */
    background: Background;
    /** The caller's IP (see client-ip.ts); 'unknown' when the server could not tell. */
    clientIp: string;
    /** This instance's live seat map: changes heard from PostgreSQL, fanned out to streams. */
    live: LiveHub;
  };
};

/** Handlers in their own files keep validator types: `factory.createHandlers(validate(...), h)`. */
export const factory = createFactory<AppEnv>();
