// OpenTelemetry traces through Deno's own support (docs/decisions/0034-traces.md). Deno registers
// its tracer provider with @opentelemetry/api only when the process starts with OTEL_DENO=true,
// which the API's start does only when OTEL_EXPORTER_OTLP_ENDPOINT is set (scripts/apps.mjs).
// Without it the hooks here are never installed: no span object, one boolean test per statement.
import {
  ProxyTracerProvider,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * Whether this process exports traces. Decided once, from what the runtime registered: the API's
 * own provider of @opentelemetry/api is a ProxyTracerProvider until someone (Deno) registers one.
 */
export const tracingOn: boolean = !(trace.getTracerProvider() instanceof ProxyTracerProvider);

const tracer = trace.getTracer('cinema-api');

interface Statement {
  /** The statement as PostgreSQL receives it: `$1`, `$2` ... where the values go, never a value. */
  text: string;
  /** Its first keyword (SELECT, INSERT, WITH ...): the span's name, a bounded set. */
  operation: string;
}

// A tagged template's strings are one frozen array per call site: its text is built once.
const statements = new WeakMap<TemplateStringsArray, Statement>();

export function statementOf(strings: TemplateStringsArray): Statement {
  let statement = statements.get(strings);
  if (!statement) {
    const text = strings.reduce((sql, part, i) => `${sql}$${i}${part}`).trim();
    const operation = /^[A-Za-z]+/.exec(text)?.[0]?.toUpperCase() ?? 'SQL';
    statement = { text, operation };
    statements.set(strings, statement);
  }
  return statement;
}

/**
 * Runs one statement inside a span of its own, a child of the request's span (the context Deno
 * carries through the awaits). Call only when `tracingOn`: otherwise run the statement directly.
 */
export function traceStatement<T>(
  strings: TemplateStringsArray,
  run: () => Promise<T>,
): Promise<T> {
  const { text, operation } = statementOf(strings);
  return tracer.startActiveSpan(
    operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        // Both generations of the semantic conventions: collectors and UIs read one or the other.
        'db.system': 'postgresql',
        'db.system.name': 'postgresql',
        'db.statement': text,
        'db.query.text': text,
        'db.operation.name': operation,
      },
    },
    async (span: Span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
