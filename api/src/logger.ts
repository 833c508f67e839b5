// Where the API writes what it has to say. Its own module, below http/ and mail/, so that the
// context, background work and the mailers can all take a Logger without importing each other.

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/**
 * Control characters (Cc: C0 such as CR, LF and ESC, DEL, C1), the line and paragraph
 * separators, and the backslash that starts an escape: what lets a value sent by a client (a
 * percent-decoded path, a header) forge a log line or drive the terminal showing the log.
 */
const UNSAFE_IN_LOG = /[\p{Cc}\u2028\u2029\\]/gu;
const NAMED_ESCAPES: Record<string, string> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\\': '\\\\',
};

/** `value` on one line: a line feed becomes the two characters \n, ESC \x1b, U+2028 \u2028. */
export function logValue(value: unknown): string {
  return String(value).replace(UNSAFE_IN_LOG, (ch) => {
    const named = NAMED_ESCAPES[ch];
    if (named) return named;
    const code = ch.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

// Error messages are one line each and often name what a client sent (a path): escaped here,
// for every caller. Info lines escape their own values (the dev outbox prints a whole email).
export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) =>
    error === undefined
      ? console.error(logValue(message))
      : console.error(logValue(message), error),
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
      writeError(logValue(message), error);
    },
  };
}
