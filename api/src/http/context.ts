// What every handler can read from the context: `c.var.db`, `c.var.config`, `c.var.clock`, ...
import { createFactory } from 'hono/factory';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';

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
  };
};

/** Handlers in their own files keep validator types: `factory.createHandlers(validate(...), h)`. */
export const factory = createFactory<AppEnv>();
