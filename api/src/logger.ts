// Where the API writes what it has to say. Its own module, below http/ and mail/, so that the
// context, background work and the mailers can all take a Logger without importing each other.
import { isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * What a line says besides its message, for LOG_FORMAT=json (route, status, user id...). The
 * text format leaves them out: its lines are written for a person (access-log.ts).
 */
export type LogFields = Record<string, string | number | null | undefined>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown, fields?: LogFields): void;
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

/** LOG_FORMAT: `text` (the default) for a person reading a terminal, `json` for a collector. */
export type LogFormat = 'text' | 'json';

export interface JsonLogOptions {
  /** API_INSTANCE_ID, on every line when set. */
  instanceId?: string | null;
  /** The id of the request being served when a line is written while serving one. */
  requestId?: () => string | undefined;
}

// JSON.stringify escapes C0 controls, quotes and backslashes but leaves DEL, the C1 controls and
// the line separators as they are: a terminal or a line-splitting collector would act on them.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g;
const escapeUnsafe = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

function errorFields(error: unknown): Record<string, string> {
  if (error instanceof Error) {
    const fields: Record<string, string> = { name: error.name, message: error.message };
    if (error.stack) fields.stack = error.stack;
    return fields;
  }
  return { message: String(error) };
}

// The trace this line belongs to when one is being recorded (OpenTelemetry): with no tracer
// registered the API answers no span, at the cost of one lookup.
function activeTraceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? context.traceId : undefined;
}

/**
 * One JSON object per line: time (ISO 8601), level, message, request_id and trace_id when known,
 * the caller's fields (which win), instance, and for an error its name, message and stack.
 */
export function jsonLines({ instanceId = null, requestId }: JsonLogOptions = {}) {
  return (
    level: 'info' | 'error',
    message: string,
    fields?: LogFields,
    error?: unknown,
  ): string => {
    const line: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      message,
      request_id: requestId?.(),
      trace_id: activeTraceId(),
      ...fields,
      instance: instanceId ?? undefined,
    };
    if (error !== undefined) line.error = errorFields(error);
    return JSON.stringify(line).replace(UNSAFE_IN_JSON, escapeUnsafe);
  };
}

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
  writeError?: (message: string, error?: unknown) => void,
  options: JsonLogOptions & { format?: LogFormat } = {},
): BufferedLogger {
  const json = options.format === 'json' ? jsonLines(options) : null;
  // A JSON line is already safe and must stay parseable: written as it is, not escaped again.
  const toStderr =
    writeError ?? (json ? (line: string) => console.error(line) : consoleLogger.error);
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
    info(message, fields) {
      const line = json ? json('info', message, fields) : message;
      lines.push(line);
      chars += line.length + 1;
      if (chars >= FLUSH_AT_CHARS) flush();
      else if (timer === null) {
        timer = setTimeout(flush, FLUSH_AFTER_MS);
        // Waiting log lines never keep the process alive.
        (timer as { unref?: () => void }).unref?.();
      }
    },
    error(message, error, fields) {
      flush();
      if (json) toStderr(json('error', message, fields, error));
      else toStderr(logValue(message), error);
    },
  };
}
