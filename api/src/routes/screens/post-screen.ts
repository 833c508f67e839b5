// POST /api/screens/ {theater, name, layout?, accessible_release_minutes?} (the theater's owner
// only): a new screen, by default the rectangle of a spec-made theater (8 x 12 Standard seats);
// docs/decisions/0045-screens-and-seat-layouts.md. Another owner's theater is a 404, a name the
// theater has already a 409 (the unique key decides, so two racing requests get one of each).
import { z } from 'zod';
import { recordAudit } from '../../audit/sql.ts';
import { constraintName, sqlState } from '../../db/errors.ts';
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, notFound, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { bodyId } from '../../http/params.ts';
import { defaultScreenLayout } from '../../screens/layout.ts';
import { limitScreenWrites } from './limits.ts';
import {
  layoutInput,
  releaseMinutes,
  SCREEN_NAME_TAKEN,
  ScreenSchema,
  screenName,
  THEATER_NOT_FOUND,
} from './schemas.ts';
import { screenBody } from './screen.ts';
import { insertScreen, type ScreenRow } from './sql.ts';

export const THEATER_REQUIRED = 'Theater is required.';

const schema = z.object({
  theater: bodyId(THEATER_REQUIRED),
  name: screenName,
  layout: layoutInput.optional(),
  accessible_release_minutes: releaseMinutes.optional(),
});

export const postScreen = factory.createHandlers(
  describe({
    summary: 'Add a screen to a theater',
    tags: ['screens'],
    auth: true,
    answers: { 201: answer('The screen', ScreenSchema) },
    errors: ['permission_denied', 'theater_not_found', 'screen_name_taken', 'too_many_requests'],
  }),
  requireRole('owner'),
  validate('json', schema),
  async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    await limitScreenWrites(db, user.id, now);
    let row: ScreenRow | null;
    try {
      row = await db.transaction(async (tx) => {
        const added = await insertScreen(tx, {
          ownerId: user.id,
          theaterId: body.theater,
          name: body.name,
          layout: body.layout ?? defaultScreenLayout(),
          accessibleReleaseMinutes: body.accessible_release_minutes ?? 120,
          now,
        });
        if (!added) return null;
        await recordAudit(tx, {
          at: now,
          actorId: user.id,
          action: 'screen.created',
          entity: { kind: 'screen', id: added.id },
          details: { theater: added.theater, name: added.name },
        });
        return added;
      });
    } catch (error) {
      if (sqlState(error) === '23505' && constraintName(error) === 'screens_theater_name_key') {
        conflict(SCREEN_NAME_TAKEN, { code: 'screen_name_taken' });
      }
      throw error;
    }
    if (!row) notFound(THEATER_NOT_FOUND, { code: 'theater_not_found' });
    return c.json(screenBody(row), 201);
  },
);
