// The ceiling for `npm run bench`: the least an HTTP endpoint backed by PostgreSQL can do on
// this machine. Deno.serve and postgres.js (the API's own stack, same pool size), one
// primary-key SELECT per request, no framework, no authentication. The API's numbers are read
// against it.
//   DATABASE_URL=postgres://... CEILING_PORT=8100 deno run --allow-net --allow-env bench/ceiling.ts
// GET /seat?id=N answers that seat as JSON.
import postgres from 'postgres';

const url = Deno.env.get('DATABASE_URL');
if (!url) throw new Error('DATABASE_URL is required');
const port = Number(Deno.env.get('CEILING_PORT') ?? 8100);
const sql = postgres(url, {
  max: Number(Deno.env.get('DATABASE_POOL_MAX') ?? 10),
  connection: { application_name: 'cinema-bench-ceiling' },
});

Deno.serve(
  { hostname: '127.0.0.1', port, onListen: () => console.log(`ceiling on ${port}`) },
  async (req) => {
    const id = Number(new URL(req.url).searchParams.get('id'));
    const [seat] = await sql`SELECT id, row_label, col FROM seats WHERE id = ${id}`;
    return seat ? Response.json(seat) : Response.json({ detail: 'Not found' }, { status: 404 });
  },
);
