/**
 * Fake Server-Sent Events for the apps' tests: a route of `fakeApi` answers with a stream the
 * test writes into as it goes, e.g.
 *   const events = fakeEventStreams();
 *   fakeApi({ 'GET shows/5/seats/events/': events.answer });
 *   events.latest().send(sse({ id: 3, event: 'seats', data: { seats: [] } }));
 */
export interface FakeEventStream {
  response: Response;
  send(text: string): void;
  /** The server ends the stream. */
  end(): void;
  /** The connection breaks. */
  fail(error?: unknown): void;
  /** The client stopped reading (it closed the stream or gave up on the connection). */
  readonly cancelled: boolean;
}

export function eventStreamResponse(): FakeEventStream {
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
    response: new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    }),
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: (error = new TypeError('network error')) => controller.error(error),
    get cancelled() {
      return cancelled;
    },
  };
}

/** Every stream a route has answered with, newest last; `answer` is the route's handler. */
export function fakeEventStreams() {
  const streams: FakeEventStream[] = [];
  return {
    streams,
    answer: () => {
      const stream = eventStreamResponse();
      streams.push(stream);
      return stream.response;
    },
    latest(): FakeEventStream {
      const stream = streams.at(-1);
      if (!stream) throw new Error('No event stream has been opened');
      return stream;
    },
  };
}

/** One event as a server writes it: `id: 3\nevent: seats\ndata: {...}\n\n`. */
export function sse({ id, event, data }: { id?: number | string; event?: string; data: unknown }) {
  const lines = [
    ...(id === undefined ? [] : [`id: ${id}`]),
    ...(event === undefined ? [] : [`event: ${event}`]),
    `data: ${typeof data === 'string' ? data : JSON.stringify(data)}`,
  ];
  return `${lines.join('\n')}\n\n`;
}
