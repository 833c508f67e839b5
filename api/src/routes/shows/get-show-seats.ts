// GET /api/shows/{id}/seats/ (any signed-in user): the seat map, row by row, with each seat's
// status for the caller. booked_by names the booker only for an admin or the owner of the show's
// theater; a customer never learns who booked another seat. An owner gets a 404 for a show in
// another owner's theater.
//
// Answered from memory with no database read while this instance's hub has heard every change
// and ended session committed a moment ago (live/hub.ts current; docs/decisions/0030-seat-map-from-memory.md):
// the session from what the instance knows of it (live/sessions.ts), the map from its snapshot,
// kept current by the changes heard (seat-map-cache.ts). Otherwise, and for a session or show
// it does not know yet, from the snapshot when the show's seats_version, read in the request's
// one statement, says it is current; else that same statement reads the seats and the snapshot
// is rebuilt. Weak ETag; If-None-Match -> 304. The shared answers go compressed once per version
// to a browser that accepts it (http/compression.ts). Variables by c.get: each read of Hono's
// c.var copies them all, which a request that reads no database can notice.

import { z } from 'zod';
import { SHOW_NOT_FOUND } from '../../booking/rules.ts';
import { SeatSchema } from '../../booking/schemas.ts';
import { requireToken, userGone } from '../../http/auth.ts';
import { compressibleAnswer, varyByEncoding } from '../../http/compression.ts';
import { factory } from '../../http/context.ts';
import { notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { sessionMemory } from '../../live/sessions.ts';
import {
  buildSnapshot,
  etagMatches,
  type SeatMapSnapshot,
  type SeatMapViewer,
  seatMapBody,
  seatMapCache,
  seatMapETag,
} from './seat-map-cache.ts';
import { readSeatMap } from './seat-map-sql.ts';

// The browser keeps the answer but asks again every time (If-None-Match): a 304 costs no body.
const CACHE_CONTROL = 'private, no-cache';

export const getShowSeats = factory.createHandlers(
  describe({
    summary: 'The seat map of a show',
    // 304 is in the description: the document's non-2xx answers are the JSON errors.
    description:
      'Weak `ETag` and `Cache-Control: private, no-cache`; with `If-None-Match` naming the current tag, 304 Not Modified and no body (the caller’s answer is unchanged). Compressed (`br` or `gzip`) when `Accept-Encoding` allows, with `Vary: Accept-Encoding`.',
    tags: ['shows'],
    auth: true,
    answers: {
      200: answer(
        'Every seat, row then column, with its status for the caller',
        z.array(SeatSchema),
      ),
    },
    errors: ['not_found'],
  }),

  // The token only: the map's own query reads the user and the session (one round trip, not two).
  requireToken,
  validate('param', idParams),
  async (c) => {
    const { id } = c.req.valid('param');
    const userId = c.get('userId');
    const sessionId = c.get('sessionId');
    const db = c.get('db');
    const clock = c.get('clock');
    const live = c.get('live');
    const now = clock();
    const cache = seatMapCache(db);
    const sessions = sessionMemory(db);
    live.follow(cache);
    const answer = (snapshot: SeatMapSnapshot, viewer: SeatMapViewer) => {
      const etag = seatMapETag(snapshot, viewer);
      const headers = { ETag: etag, 'Cache-Control': CACHE_CONTROL };
      if (etagMatches(c.req.header('If-None-Match'), etag)) {
        varyByEncoding(c);
        return c.body(null, 304, headers);
      }
      return compressibleAnswer(c, seatMapBody(snapshot, viewer), {
        ...headers,
        'Content-Type': 'application/json',
      });
    };

    const known = sessions.get(sessionId, userId);
    // An ended session never comes back: refused from memory whether or not it is current.
    if (known === 'ended') userGone();
    const current = live.current();
    if (current !== null && known) {
      const snapshot = cache.current(id, now, current);
      if (snapshot) {
        // As the statement below decides: an owner sees the maps of their own theaters only.
        if (known.role === 'owner' && snapshot.ownerId !== userId) notFound(SHOW_NOT_FOUND);
        const seesBookers = known.role === 'admin' || snapshot.ownerId === userId;
        return answer(snapshot, { userId, seesBookers });
      }
    }

    // Taken before the read: what it finds is learnt only if nothing was missed meanwhile.
    const epoch = live.epoch();
    const mark = sessions.mark();
    let snapshot = cache.usable(id, now);
    const read = await readSeatMap(db, id, { userId, sessionId }, snapshot?.version ?? null, now);
    if (!read.known || read.role === null) userGone();
    if (epoch !== null && epoch === live.epoch()) {
      sessions.learn(sessionId, { userId, role: read.role }, mark);
    }
    if (read.version === null) notFound(SHOW_NOT_FOUND);
    if (read.seats !== null || !snapshot) {
      snapshot = buildSnapshot(id, read.version, read.seats ?? [], now, {
        ownerId: read.owner_id,
        epoch,
      });
      cache.store(snapshot);
    } else if (epoch !== null && snapshot.epoch !== epoch) {
      // The database says it is current, as of a read made while listening.
      snapshot.epoch = epoch;
    }
    return answer(snapshot, { userId, seesBookers: read.sees_bookers });
  },
);
