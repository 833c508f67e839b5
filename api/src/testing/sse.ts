// Reads a Server-Sent Events response in tests, as a browser's fetch-based client would:
//
//   const events = sse(await t.get(`/api/shows/${id}/seats/events/`, token));
//   assert.equal((await events.next()).event, 'ready');
//   const change = await events.until((m) => m.event === 'seats', 1000);
//   await events.close();
//
// Each message is one block up to a blank line: its fields (`id`, `event`, `data`, `retry`) or,
// for a `: ping` line alone, `comment`. The stream's end is `{ end: true }`.

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
  /** The server closed the stream. */
  end?: true;
}

export interface SseReader {
  /** The next message, or a rejection after `timeoutMs` (default 2 s). */
  next(timeoutMs?: number): Promise<SseMessage>;
  /** Reads until a message matches (the skipped ones are in `skipped`); rejects after timeoutMs. */
  until(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Messages `until` passed over, oldest first. */
  skipped: SseMessage[];
  /** `data` of the message as JSON. */
  json<T = unknown>(m: SseMessage): T;
  /** Stops reading: the server sees the client go away. */
  close(): Promise<void>;
}

export function sse(res: Response): SseReader {
  if (!res.body) throw new Error(`No body to read (status ${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const ready: SseMessage[] = [];
  // A read that outlived a timeout is kept for the next call, so no chunk is lost.
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const skipped: SseMessage[] = [];

  function parse(block: string): SseMessage {
    const message: SseMessage = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        message.comment = line.slice(1).trim();
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event') message[field] = value;
      else if (field === 'data') message.data = message.data ? `${message.data}\n${value}` : value;
      else if (field === 'retry') message.retry = Number(value);
    }
    return message;
  }

  async function fill(deadline: number): Promise<void> {
    while (ready.length === 0) {
      if (ended) {
        ready.push({ end: true });
        return;
      }
      reading ??= reader.read();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - performance.now()));
      });
      const result = await Promise.race([reading, timeout]).finally(() => clearTimeout(timer));
      if (result === 'timeout') throw new Error('No server-sent event in time');
      reading = null;
      if (result.done) {
        ended = true;
        continue;
      }
      buffer += decoder.decode(result.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        ready.push(parse(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  }

  const self: SseReader = {
    skipped,
    async next(timeoutMs = 2000) {
      await fill(performance.now() + timeoutMs);
      return ready.shift() as SseMessage;
    },
    async until(match, timeoutMs = 2000) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        await fill(deadline);
        const message = ready.shift() as SseMessage;
        if (match(message)) return message;
        if (message.end) throw new Error('The stream ended first');
        skipped.push(message);
      }
    },
    json: <T>(m: SseMessage) => JSON.parse(m.data ?? 'null') as T,
    async close() {
      if (!ended) await reader.cancel().catch(() => {});
      ended = true;
    },
  };
  return self;
}
