// A stand-in for Resend's HTTP API on a random local port: the real SDK (pointed at it through
// RESEND_BASE_URL / config.resendBaseUrl) sends its real requests here, and tests read them.
export interface CapturedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The Authorization header the SDK sent. */
  authorization: string | null;
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
    to: (address) => emails.filter((e) => e.to.includes(address)),
    codeFor(address) {
      const last = fake.to(address).at(-1);
      const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
      if (!code) throw new Error(`No email with a code was sent to ${address}`);
      return code;
    },
    close: () => server.shutdown(),
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
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
      const body = await req.json();
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
        ...(body.html === undefined ? {} : { html: body.html }),
        ...(body.attachments === undefined ? {} : { attachments: body.attachments }),
      });
      return Response.json({ id: 'fake' });
    },
  );
  return listening.then((url) => {
    fake.url = url;
    return fake;
  });
}
