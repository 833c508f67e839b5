// The API's start turns Deno's OpenTelemetry on exactly when an OTLP endpoint is given
// (decision 0034): Deno reads OTEL_DENO when it starts, so only the start can set it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withTraces } from './apps.mjs';

test('an OTLP endpoint turns traces on, named cinema-api; none leaves the environment as it is', () => {
  const endpoint = 'http://127.0.0.1:4318';
  assert.deepEqual(withTraces({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, API_PORT: '8000' }), {
    OTEL_DENO: 'true',
    OTEL_SERVICE_NAME: 'cinema-api',
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    API_PORT: '8000',
  });
  assert.deepEqual(withTraces({ API_PORT: '8000' }), { API_PORT: '8000' });
  assert.deepEqual(withTraces({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }), {
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
  });
  // What the operator sets wins.
  const own = {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_DENO: 'false',
    OTEL_SERVICE_NAME: 'box-office',
  };
  assert.deepEqual(withTraces(own), own);
});
