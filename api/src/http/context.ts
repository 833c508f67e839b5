// What every handler can read from the context: `c.var.db`, `c.var.config`, `c.var.clock`, ...
import { createFactory } from 'hono/factory';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Background } from './background.ts';

export type Clock = () => Date;

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) =>
    error === undefined ? console.error(message) : console.error(message, error),
};

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
  };
};

/** Handlers in their own files keep validator types: `factory.createHandlers(validate(...), h)`. */
export const factory = createFactory<AppEnv>();
