// Where the API writes what it has to say. Its own module, below http/ and mail/, so that the
// context, background work and the mailers can all take a Logger without importing each other.

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) =>
    error === undefined ? console.error(message) : console.error(message, error),
};
