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

/** A Logger that can be told to write out what it holds (on shutdown). */
export interface BufferedLogger extends Logger {
  flush(): void;
}

// A busy instance writes one access-log line per request; written one by one through console.log
// they cost about 35 µs of CPU each here, a fifth of a whole seat-map read (api/README.md, bench).
const FLUSH_AFTER_MS = 100;
const FLUSH_AT_CHARS = 64 * 1024;

/**
 * Info lines are gathered and written together at most FLUSH_AFTER_MS later (or at once past
 * FLUSH_AT_CHARS). Errors are written at once, after the info lines before them, so the order of
 * the log is the order of events.
 */
export function bufferedLogger(
  write: (text: string) => void,
  writeError: (message: string, error?: unknown) => void = consoleLogger.error,
): BufferedLogger {
  let lines: string[] = [];
  let chars = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (lines.length === 0) return;
    const text = `${lines.join('\n')}\n`;
    lines = [];
    chars = 0;
    write(text);
  };
  return {
    flush,
    info(message) {
      lines.push(message);
      chars += message.length + 1;
      if (chars >= FLUSH_AT_CHARS) flush();
      else if (timer === null) {
        timer = setTimeout(flush, FLUSH_AFTER_MS);
        // Waiting log lines never keep the process alive.
        (timer as { unref?: () => void }).unref?.();
      }
    },
    error(message, error) {
      flush();
      writeError(message, error);
    },
  };
}
