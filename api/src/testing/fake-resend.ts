// A stand-in for Resend's HTTP API on a random local port: the real SDK (pointed at it through
// RESEND_BASE_URL / config.resendBaseUrl) sends its real requests here, and tests read them.
// Like Resend, a request with an Idempotency-Key seen before sends nothing: the same body gets
// the first answer again, another body 409 invalid_idempotent_request (Resend keeps keys 24 h).
export interface CapturedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The Authorization header the SDK sent. */
  authorization: string | null;
  /** The Idempotency-Key header, if any. */
  idempotencyKey: string | null;
  /** Present only when sent. */
  html?: string;
  /** As Resend's API receives them (content base64); present only when sent. */
  attachments?: CapturedAttachment[];
}

export interface CapturedAttachment {
  filename: string;
  content: string;
  content_type?: string;
  content_id?: string;
}

export interface FakeResend extends AsyncDisposable {
  url: string;
  emails: CapturedEmail[];
  /** Answer the next sends with this HTTP status and a Resend-style error (null: succeed). */
  failWith: number | null;
  /** Never answer the next sends (their connection stays open until the fake closes). */
  hang: boolean;
  /** Every POST /emails received, failed, hung and deduplicated ones included. */
  requests: number;
  /** Requests answered from an earlier one with the same Idempotency-Key (nothing sent). */
  deduplicated: number;
  /** Emails sent to `address`, oldest first. */
  to(address: string): CapturedEmail[];
  /** The 6-digit code in the newest email to `address`; throws if there is none. */
  codeFor(address: string): string;
  close(): Promise<void>;
}

export function startFakeResend(): Promise<FakeResend> {
  const emails: CapturedEmail[] = [];
  const { promise: listening, resolve } = Promise.withResolvers<string>();
  const fake: FakeResend = {
    url: '',
    emails,
    failWith: null,
    hang: false,
    requests: 0,
    deduplicated: 0,
    to: (address) => emails.filter((e) => e.to.includes(address)),
    codeFor(address) {
      const last = fake.to(address).at(-1);
      const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
      if (!code) throw new Error(`No email with a code was sent to ${address}`);
      return code;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
  // Accepted keys: the body they came with and the answer given.
  const seen = new Map<string, { body: string; id: string }>();
  const hanging = new Set<() => void>();
  async function close() {
    for (const release of hanging) release();
    await server.shutdown();
  }
  const server = Deno.serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ hostname, port }) => resolve(`http://${hostname}:${port}`),
    },
    async (req) => {
      const { pathname } = new URL(req.url);
      if (req.method !== 'POST' || pathname !== '/emails') {
        return Response.json({ name: 'not_found', message: 'Not found' }, { status: 404 });
      }
      const text = await req.text();
      const body = JSON.parse(text);
      fake.requests++;
      if (fake.hang) {
        // Answered only when the fake closes: the client must give up by itself.
        const { promise, resolve } = Promise.withResolvers<void>();
        hanging.add(resolve);
        await promise;
        return new Response(null, { status: 503 });
      }
      const key = req.headers.get('idempotency-key');
      const earlier = key === null ? undefined : seen.get(key);
      if (earlier) {
        fake.deduplicated++;
        if (earlier.body !== text) {
          return Response.json(
            {
              name: 'invalid_idempotent_request',
              message: 'Same idempotency key used with a different request payload.',
              statusCode: 409,
            },
            { status: 409 },
          );
        }
        return Response.json({ id: earlier.id });
      }
      if (fake.failWith !== null) {
        return Response.json(
          {
            name: 'validation_error',
            message: 'The domain is not verified.',
            statusCode: fake.failWith,
          },
          { status: fake.failWith },
        );
      }
      emails.push({
        from: body.from,
        to: Array.isArray(body.to) ? body.to : [body.to],
        subject: body.subject,
        text: body.text,
        authorization: req.headers.get('authorization'),
        idempotencyKey: key,
        ...(body.html === undefined ? {} : { html: body.html }),
        ...(body.attachments === undefined ? {} : { attachments: body.attachments }),
      });
      const id = `fake-${emails.length}`;
      if (key !== null) seen.set(key, { body: text, id });
      return Response.json({ id });
    },
  );
  return listening.then((url) => {
    fake.url = url;
    return fake;
  });
}
