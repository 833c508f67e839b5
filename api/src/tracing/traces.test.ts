// The API as a real process with Deno's OpenTelemetry on, exporting to an OTLP receiver here
// (OTLP/HTTP with JSON bodies): a booking paid with a `traceparent`, as the browser sends it,
// comes back as one trace holding the route's server span and its statements, values left out.
import assert from 'node:assert/strict';
import { freePort, sleep, startApi } from '../testing/api-process.ts';
import { REQUEST_ID_ATTRIBUTE } from './http.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpTraces {
  resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const SERVER = 2;
const CLIENT = 3;

/** A local OTLP/HTTP receiver: every span exported to /v1/traces; the logs and metrics ignored. */
function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const port = freePort();
  const server = Deno.serve({ hostname: '127.0.0.1', port, onListen() {} }, async (req) => {
    const body = await req.text();
    if (new URL(req.url).pathname === '/v1/traces') {
      const traces = JSON.parse(body) as OtlpTraces;
      for (const resource of traces.resourceSpans) {
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
    }
    return Response.json({});
  });
  return { endpoint: `http://127.0.0.1:${port}`, spans, server };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

Deno.test('traces: one booking is one trace, from the caller’s traceparent to its SQL statements', async () => {
  const receiver = otlpReceiver();
  try {
    await using api = await startApi({
      OTEL_DENO: 'true',
      OTEL_SERVICE_NAME: 'cinema-api',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    const base = `http://127.0.0.1:${api.port}/api`;
    const auth = { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' };
    const seats = await fetch(`${base}/shows/${api.showId}/seats/`, { headers: auth });
    const seat = ((await seats.json()) as { id: number; status: string }[]).find(
      (s) => s.status === 'available',
    );
    assert.ok(seat, 'the demo show has a free seat');

    const held = await fetch(`${base}/holds/`, {
      method: 'POST',
      headers: { ...auth, traceparent: `00-${randomHex(16)}-${randomHex(8)}-01` },
      body: JSON.stringify({ show_id: api.showId, seat_ids: [seat.id] }),
    });
    assert.equal(held.status, 201);
    const holdId: number = (await held.json()).id;

    const traceId = randomHex(16);
    const parentId = randomHex(8);
    const key = crypto.randomUUID();
    const paid = await fetch(`${base}/holds/${holdId}/confirm/`, {
      method: 'POST',
      headers: { ...auth, 'Idempotency-Key': key, traceparent: `00-${traceId}-${parentId}-01` },
    });
    assert.equal(paid.status, 201);
    await paid.body?.cancel();
    const requestId = paid.headers.get('X-Request-Id');
    assert.ok(requestId);

    // Spans leave in batches: wait for the confirm's server span to arrive.
    const deadline = performance.now() + 20_000;
    const confirmed = () => receiver.spans.find((s) => s.traceId === traceId && s.kind === SERVER);
    while (!confirmed() && performance.now() < deadline) await sleep(100);
    const server = confirmed();
    assert.ok(server, `no server span of trace ${traceId} exported:\n${api.output()}`);
    await sleep(300); // the statements' spans may be in the same batch or the next
    const trace = receiver.spans.filter((s) => s.traceId === traceId);

    // The caller's span is the server span's parent: the trace the browser began goes on here.
    assert.equal(server.parentSpanId, parentId);
    assert.equal(server.name, 'POST /api/holds/:id/confirm/');
    assert.equal(attribute(server, 'http.route'), '/api/holds/:id/confirm/');
    assert.equal(attribute(server, REQUEST_ID_ATTRIBUTE), requestId);

    const statements = trace.filter((s) => s.kind === CLIENT && attribute(s, 'db.system'));
    assert.ok(
      statements.length >= 2,
      `statement spans: ${JSON.stringify(trace.map((s) => s.name))}`,
    );
    const texts = statements.map((s) => String(attribute(s, 'db.query.text')));
    for (const span of statements) {
      // Under the request's span (directly, or through another statement's: none nests today).
      assert.equal(span.parentSpanId, server.spanId, span.name);
      assert.equal(attribute(span, 'db.system'), 'postgresql');
      assert.equal(attribute(span, 'db.statement'), attribute(span, 'db.query.text'));
      assert.match(span.name, /^[A-Z]+$/);
    }
    // The booking itself is among them, its values as placeholders.
    assert.ok(
      texts.some((t) => /\bbookings\b/i.test(t)),
      texts.join('\n---\n'),
    );
    assert.ok(
      texts.some((t) => /\$1\b/.test(t)),
      texts.join('\n---\n'),
    );
    for (const text of texts) {
      // The key is a value of the booking's INSERT (its replay check): never in the text.
      assert.ok(!text.includes(key), text);
    }
    // Nothing of this trace came from another request.
    assert.ok(trace.every((s) => s === server || s.parentSpanId === server.spanId));
  } finally {
    await receiver.server.shutdown();
  }
});
