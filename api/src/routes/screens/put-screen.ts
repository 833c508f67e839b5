// PUT /api/screens/{id}/ {name?, layout?, accessible_release_minutes?} (the theater's owner
// only): changes a screen. A new layout (or release time) applies to the screen's future shows
// and to its upcoming shows not on sale yet that never had a hold or booking (drawn again);
// every other show keeps the seats it was made with, so no ticket ever moves (sql.ts
// redrawShows; docs/decisions/0045-screens-and-seat-layouts.md). The answer says how many of
// each. Another owner's screen is a 404, a name the theater has already a 409.
import { z } from 'zod';
import { recordAudit } from '../../audit/sql.ts';
import { constraintName, sqlState } from '../../db/errors.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { planSeats } from '../../screens/layout.ts';
import { limitScreenWrites } from './limits.ts';
import {
  layoutInput,
  releaseMinutes,
  SCREEN_NAME_TAKEN,
  SCREEN_NOT_FOUND,
  ScreenChangeSchema,
  screenName,
} from './schemas.ts';
import { screenBody } from './screen.ts';
import { findScreen, redrawShows, type ScreenRow, touchShowDetails, updateScreen } from './sql.ts';

const schema = z.object({
  name: screenName.optional(),
  layout: layoutInput.optional(),
  accessible_release_minutes: releaseMinutes.optional(),
});

export const putScreen = factory.createHandlers(
  describe({
    summary: 'Change a screen (its layout applies to shows not on sale yet)',
    tags: ['screens'],
    auth: true,
    answers: { 200: answer('The screen, and what became of its shows', ScreenChangeSchema) },
    errors: ['permission_denied', 'screen_not_found', 'screen_name_taken', 'too_many_requests'],
  }),
  requireRole('owner'),
  validate('param', idParams),
  validate('json', schema),
  async (c) => {
    const { db, clock, user } = c.var;
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const now = clock();
    await limitScreenWrites(db, user.id, now);
    let result: { row: ScreenRow; redrawn: number; kept: number } | null;
    try {
      // A hold racing the very moment a show's sales open can deadlock with the redraw (each
      // locks the show's row and its seats in the other order): retried, it then sees the hold.
      result = await transactionWithRetry(db, async (tx) => {
        const screen = await findScreen(tx, id, user.id, true);
        if (!screen) return null;
        const name = body.name ?? screen.name;
        const layout = body.layout ?? screen.layout;
        const minutes = body.accessible_release_minutes ?? screen.accessible_release_minutes;
        await updateScreen(tx, id, { name, layout, accessibleReleaseMinutes: minutes, now });
        const redraw = body.layout !== undefined || body.accessible_release_minutes !== undefined;
        const shows = redraw
          ? await redrawShows(tx, {
              screenId: id,
              plan: planSeats(layout),
              releaseMinutes: minutes,
              now,
            })
          : { redrawn: 0, kept: 0 };
        if (name !== screen.name) await touchShowDetails(tx, id, now);
        await recordAudit(tx, {
          at: now,
          actorId: user.id,
          action: 'screen.changed',
          entity: { kind: 'screen', id },
          details: {
            theater: screen.theater,
            name,
            ...(body.layout !== undefined ? { layout_changed: true } : {}),
            accessible_release_minutes: minutes,
            redrawn_shows: shows.redrawn,
            kept_shows: shows.kept,
          },
        });
        const row = await findScreen(tx, id, user.id);
        if (!row) throw new Error(`Screen ${id} vanished while it was changed`);
        return { row, ...shows };
      });
    } catch (error) {
      if (sqlState(error) === '23505' && constraintName(error) === 'screens_theater_name_key') {
        conflict(SCREEN_NAME_TAKEN, { code: 'screen_name_taken' });
      }
      throw error;
    }
    if (!result) notFound(SCREEN_NOT_FOUND, { code: 'screen_not_found' });
    return c.json({
      ...screenBody(result.row),
      redrawn_shows: result.redrawn,
      kept_shows: result.kept,
    });
  },
);
