// A local stand-in for Resend's HTTP API: the real SDK in the API posts to it (RESEND_BASE_URL),
// and browser tests read the emails back to find the codes a person would find in their inbox.
//   POST /emails         what the SDK sends; answered like Resend does
//   GET  /emails?to=ADDR the emails received, newest last (tests read codes from here)
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? process.env.FAKE_RESEND_PORT ?? 4900);
const emails = [];

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const reply = (status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  if (req.method === 'POST' && url.pathname === '/emails') {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const email = JSON.parse(raw);
      const id = `fake-${emails.length + 1}`;
      emails.push({ id, ...email });
      reply(200, { id });
    });
    return;
  }
  if (req.method === 'GET' && url.pathname === '/emails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const recipients = (email) => [email.to].flat().map((address) => String(address).toLowerCase());
    reply(200, to ? emails.filter((email) => recipients(email).includes(to)) : emails);
    return;
  }
  if (req.method === 'GET' && url.pathname === '/health') return reply(200, { ok: true });
  reply(404, { message: 'Not found' });
});

server.listen(port, '127.0.0.1', () => console.log(`Fake Resend on http://127.0.0.1:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
