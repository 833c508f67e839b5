/**
 * A `text/event-stream` answer the test writes into as it goes: `send(': ping\n\n')`, then
 * `end()` (the server closes it) or `fail()` (the connection breaks).
 */
export function eventStreamResponse(
  headers: HeadersInit = { 'Content-Type': 'text/event-stream' },
) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    response: new Response(body, { status: 200, headers }),
    send(text: string | Uint8Array) {
      controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
    },
    end() {
      controller.close();
    },
    fail(error: unknown = new TypeError('network error')) {
      controller.error(error);
    },
    /** The client stopped reading (it closed the stream or gave up on the connection). */
    get cancelled() {
      return cancelled;
    },
  };
}
