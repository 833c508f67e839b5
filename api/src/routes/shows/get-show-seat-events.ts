// GET /api/shows/{id}/seats/events/ (any signed-in user who may see the show's map): the show's
// seat changes live, as Server-Sent Events (live/stream.ts has the format, live/hub.ts how
// changes reach every instance). Read with fetch streaming and the usual Bearer header, so the
// token never sits in a URL or a log. Resumes from `Last-Event-ID` (or ?last_event_id=, for
// proxies that drop the header). booked_by names the booker only for an admin or the owner of the
// show's theater; an owner gets a 404 for a show in another owner's theater, as for the map.
// A stream ends with its session (logout, password reset, refresh-token reuse: bye with reason
// session_ended, within a moment, on every instance), and one account and one network may hold
// only so many at once, across all instances (429 too_many_streams beyond; live/hub.ts,
// docs/decisions/0026-streams-end-with-their-session.md).
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { type AuthEnv, tokenSubject, userGone } from '../../http/auth.ts';
import { clientNetwork } from '../../http/client-ip.ts';
import { factory } from '../../http/context.ts';
import { notFound, tooManyRequests, validate } from '../../http/errors.ts';
import { describe, eventStream } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { streamHead } from '../../live/sql.ts';
import { createSeatStream, openingFrames, parseLastEventId, RETRY_MS } from '../../live/stream.ts';
import { findSessionUser } from '../../users/sql.ts';

export const SeatsEventSchema = z
  .object({
    show: z.number().int(),
    version: z.number().int().meta({ description: 'The show’s seats_version after the change.' }),
    seats: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(['booked', 'held', 'available']),
        booked_by: z
          .string()
          .nullable()
          .meta({ description: 'The booker, for an admin or the theater’s owner; else null.' }),
        checked_in: z.boolean().meta({
          description:
            'The booking was checked in at the door; for an admin or the theater’s owner, else false.',
        }),
        duplicate: z.literal(true).optional().meta({
          description:
            'Only when true, for an admin or the theater’s owner: the ticket was scanned again while inside.',
        }),
      }),
    ),
  })
  .meta({ id: 'SeatsEvent' });

const EventsQuery = z.object({
  last_event_id: z
    .string()
    .optional()
    .meta({ description: 'The same as the Last-Event-ID header, which wins when both are sent.' }),
});

/** requireAuth, also keeping the session and when the token expires (the stream ends then). */
const streamAuth = createMiddleware<{
  Variables: AuthEnv['Variables'] & { tokenExpiresAt: Date; sessionId: string };
}>(async (c, next) => {
  const { userId, sessionId, expiresAt } = await tokenSubject(c);
  const user = await findSessionUser(c.var.db, userId, sessionId);
  if (!user) userGone();
  c.set('user', user);
  c.set('sessionId', sessionId);
  c.set('tokenExpiresAt', expiresAt);
  await next();
});

/** Streams are counted per IPv6 /64: one subscriber usually has a whole one. */
export const STREAM_IPV6_PREFIX_BITS = 64;
/** The Retry-After of a 429: a slot frees when one of the caller's streams ends. */
export const TOO_MANY_STREAMS_RETRY_SECONDS = 30;
export const TOO_MANY_STREAMS_ACCOUNT = (limit: number) =>
  `Too many live seat maps are open for this account (at most ${limit}). Close one and try again.`;
export const TOO_MANY_STREAMS_ADDRESS = (limit: number) =>
  `Too many live seat maps are open from this network (at most ${limit}). Close one and try again.`;

const DESCRIPTION = `Server-Sent Events. First \`retry: ${RETRY_MS}\`. Without Last-Event-ID: \`event: ready\` with \`id\` (the show's newest change, or 0) and \`data: {"version"}\`. With one: the changes after it, or \`event: reload\` (\`data: {}\`, refetch the map) when they are no longer all kept. Then each change as \`event: seats\` with its \`id\` and the data below, within a second of its commit on any instance. \`: ping\` every SEAT_EVENTS_HEARTBEAT_MS; \`event: bye\` before the server ends the stream (the access token expired, or shutdown): reconnect with a fresh token and the last id; its data is \`{"reason":"session_ended"}\` when the session was ended (logout, password reset, refresh-token reuse), and a reconnect then gets 401. One account may hold SEAT_STREAMS_PER_ACCOUNT streams at once and one network (IPv4 address, IPv6 /64) SEAT_STREAMS_PER_ADDRESS, on all instances together: more get 429 \`too_many_streams\` with Retry-After.`;

export const getShowSeatEvents = factory.createHandlers(
  describe({
    summary: 'The seat map’s changes, live (Server-Sent Events)',
    description: DESCRIPTION,
    tags: ['shows'],
    auth: true,
    answers: {
      200: eventStream(
        'The event stream; the schema is the JSON of each `event: seats` data line',
        SeatsEventSchema,
      ),
    },
    errors: ['not_found', 'too_many_streams'],
  }),

  streamAuth,
  validate('param', idParams),
  validate('query', EventsQuery),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, config, live } = c.var;
    const { user, sessionId, tokenExpiresAt: expiresAt, clientIp } = c.var;
    const lastEventId = parseLastEventId(
      c.req.header('Last-Event-ID') ?? c.req.valid('query').last_event_id,
    );

    await live.start();
    // Subscribed before anything is read: see live/stream.ts.
    const stream = createSeatStream({
      hub: live,
      showId: id,
      clock,
      heartbeatMs: config.seatEventsHeartbeatMs,
      expiresAt,
    });
    try {
      const admission = await stream.admit({
        userId: user.id,
        sessionId,
        network: clientNetwork(clientIp, STREAM_IPV6_PREFIX_BITS),
      });
      if (!admission.ok) {
        if (admission.reason === 'session') userGone(); // ended since the check above
        const message =
          admission.reason === 'account' ? TOO_MANY_STREAMS_ACCOUNT : TOO_MANY_STREAMS_ADDRESS;
        tooManyRequests(message(admission.limit), TOO_MANY_STREAMS_RETRY_SECONDS, {
          code: 'too_many_streams',
          scope: admission.reason,
          max: admission.limit,
        });
      }
      const head = await streamHead(db, id);
      if (!head || (user.role === 'owner' && head.owner_id !== user.id)) notFound(SHOW_NOT_FOUND);
      const withBookers = user.role === 'admin' || head.owner_id === user.id;
      const opening = await openingFrames(db, { showId: id, head, lastEventId, withBookers });
      stream.begin(opening, withBookers);
    } catch (error) {
      stream.abort();
      throw error;
    }
    return c.body(stream.readable, 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
  },
);
