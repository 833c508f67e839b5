// GET /api/shows/ (any signed-in user), optionally ?movie={id} and/or ?theater={id}: upcoming
// shows, soonest first, each with its seat counts (the stored counts every write keeps, see
// sql.ts listUpcomingShowCounts), in one statement that also checks the token's session; the
// rest of each show comes from this instance's memory (show-list-cache.ts). While the instance
// hears every seat change and ended session, a list read within the last second with no seat
// change since is answered from memory with no statement (show-counts-cache.ts), its text written
// once and compressed once for the browsers that accept it (http/compression.ts).
// With ?page=N[&page_size=M][&q=text]: one page as {results, count, page, page_size}, each with
// is_past: an owner gets the shows of their own theaters and an admin every show, past and
// upcoming, newest first; a customer the upcoming ones as above.
import { z } from 'zod';
import { authenticate, requireToken, userGone } from '../../http/auth.ts';
import { CompressibleBody, compressibleAnswer } from '../../http/compression.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe, listOf } from '../../http/openapi.ts';
import { envelope, pageQuery, pageRequest } from '../../http/pagination.ts';
import { optionalQueryId } from '../../http/params.ts';
import { sessionMemory } from '../../live/sessions.ts';
import { ShowSchema } from './schemas.ts';
import { ShowCountsCache, showCountsCache } from './show-counts-cache.ts';
import { showListCache } from './show-list-cache.ts';
import { listUpcomingShowCounts, pageShows } from './sql.ts';

const query = z.object({
  movie: optionalQueryId('Invalid movie id.'),
  theater: optionalQueryId('Invalid theater id.'),
  ...pageQuery,
});

export const getShows = factory.createHandlers(
  describe({
    summary: 'List shows',
    description:
      'Without `page`: compressed (`br` or `gzip`) when `Accept-Encoding` allows, with `Vary: Accept-Encoding`.',
    tags: ['shows'],
    auth: true,
    answers: {
      200: answer(
        'Customer: upcoming, soonest first; owner: own theaters; admin: all, newest first',
        listOf(ShowSchema),
      ),
    },
    errors: ['replica_unavailable'],
  }),
  // The token only: the list's own statement reads the session (the paged lists, which depend
  // on the role, read the user first).
  requireToken,
  validate('query', query),
  async (c) => {
    const { movie, theater, ...paging } = c.req.valid('query');
    const db = c.get('db');
    const clock = c.get('clock');
    const config = c.get('config');
    const userId = c.get('userId');
    const sessionId = c.get('sessionId');
    const page = pageRequest(paging);
    if (page) {
      const user = await authenticate(c);
      const rows = await pageShows(user.role === 'admin' ? c.get('readDb') : db, {
        now: clock(),
        tz: config.appTimezone,
        upcomingOnly: user.role === 'user',
        ownerId: user.role === 'owner' ? user.id : null,
        movieId: movie,
        theaterId: theater,
        pattern: page.pattern,
        limit: page.limit,
        offset: page.offset,
        countCap: page.countCap,
      });
      return c.json(envelope(rows, page));
    }
    const live = c.get('live');
    const now = clock();
    const sessions = sessionMemory(db);
    const counts = showCountsCache(db);
    live.follow(counts);
    const key = ShowCountsCache.key(movie, theater);
    const session = sessions.get(sessionId, userId);
    // An ended session never comes back: refused from memory whether or not it is current.
    if (session === 'ended') userGone();
    const current = live.current();
    let kept = (current !== null && session && counts.current(key, now, current)) || null;
    let rows = kept?.rows;
    if (!rows) {
      // Taken before the read: what it finds is kept only if nothing was missed meanwhile.
      const epoch = live.epoch();
      const sessionsMark = sessions.mark();
      const countsMark = counts.mark();
      const read = await listUpcomingShowCounts(db, {
        viewer: { userId, sessionId },
        now,
        movieId: movie,
        theaterId: theater,
      });
      if (!read.known || read.role === null) userGone();
      if (epoch !== null && epoch === live.epoch()) {
        sessions.learn(sessionId, { userId, role: read.role }, sessionsMark);
        kept = counts.store(key, read.shows, now, epoch, countsMark);
      }
      rows = read.shows;
    }
    // A list kept in memory keeps the answer written from it: the readers of its second share
    // one text, compressed once. One not kept is written, and compressed, for this request only.
    const tz = config.appTimezone;
    let body = kept?.answer?.tz === tz ? kept.answer.body : null;
    if (!body) {
      const text = await showListCache(db).render(db, rows, tz);
      body = new CompressibleBody(text, kept ? 'shared' : 'oneCaller');
      if (kept) kept.answer = { body, tz };
    }
    return compressibleAnswer(c, body, { 'Content-Type': 'application/json' });
  },
);
