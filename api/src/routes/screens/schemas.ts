// Request and response schemas of the screens resource: what its handlers take and send,
// documented in /api/openapi.json and checked against real answers by the tests. A layout is
// checked by packages/contract/src/seating.js checkLayout, the same rules the owner's editor
// runs (docs/decisions/0045-screens-and-seat-layouts.md).
import { z } from 'zod';
import { checkLayout, LAYOUT_LIMITS } from '../../../../packages/contract/src/seating.js';
import { Timestamp } from '../../http/openapi.ts';
import { requiredText } from '../../http/validators.ts';

export const SCREEN_NAME_REQUIRED = 'Name is required.';
export const SCREEN_NAME_LENGTH = `Name must be at most ${LAYOUT_LIMITS.screenName} characters.`;
export const RELEASE_MINUTES_RANGE =
  'Accessible release minutes must be a whole number from 0 to 10080 (a week).';
export const SCREEN_NAME_TAKEN = 'A screen with this name already exists in this theater.';
export const THEATER_NOT_FOUND = 'Theater not found.';
export const SCREEN_NOT_FOUND = 'Screen not found.';

const LayoutDoc = z
  .object({
    categories: z.array(z.object({ name: z.string(), price: z.number().int() })),
    rows: z.array(
      z.object({
        label: z.string(),
        cells: z.array(
          z
            .object({
              category: z.string(),
              kind: z.enum(['wheelchair', 'companion', 'blocked']).optional(),
            })
            .nullable(),
        ),
      }),
    ),
  })
  .meta({
    id: 'Layout',
    description:
      'Rows front to back (1 to 26, labels A.. unique), cells left to right (1 to 60; null is a gap). Categories 1 to 6, each used; prices in whole rupees. A companion seat touches a wheelchair space, one per space. Checked by packages/contract/src/seating.js checkLayout.',
  });

/** A layout in a request: anything checkLayout accepts, normalised by it. */
export const layoutInput = z
  .unknown()
  .transform((value, ctx) => {
    const checked = checkLayout(value);
    if (!checked.ok) {
      const where = checked.path ? ` (${checked.path})` : '';
      ctx.addIssue({ code: 'custom', message: `${checked.error}${where}` });
      return z.NEVER;
    }
    return checked.layout;
  })
  .meta({ description: LayoutDoc.description });

export const screenName = requiredText(SCREEN_NAME_REQUIRED).max(
  LAYOUT_LIMITS.screenName,
  SCREEN_NAME_LENGTH,
);

export const releaseMinutes = z
  .number({ error: RELEASE_MINUTES_RANGE })
  .int(RELEASE_MINUTES_RANGE)
  .min(0, RELEASE_MINUTES_RANGE)
  .max(10080, RELEASE_MINUTES_RANGE)
  .meta({
    description:
      'Wheelchair spaces and companion seats go on general sale this long before a show (default 120)',
  });

export const ScreenSchema = z
  .object({
    id: z.number().int(),
    theater: z.number().int(),
    theater_name: z.string(),
    name: z.string(),
    layout: LayoutDoc,
    accessible_release_minutes: z.number().int(),
    seat_count: z.number().int().meta({ description: 'Sellable seats (all but the blocked)' }),
    categories: z.array(
      z.object({
        name: z.string(),
        price: z.number().int(),
        seats: z.number().int().meta({ description: 'Sellable seats of the category' }),
      }),
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Screen' });

export const ScreenChangeSchema = ScreenSchema.extend({
  redrawn_shows: z.number().int().meta({
    description:
      'Upcoming shows of the screen drawn again from the new layout (and release time): their sales open later and nothing was ever held or booked. 0 when neither layout nor accessible_release_minutes was sent',
  }),
  kept_shows: z.number().int().meta({
    description:
      'The other upcoming shows of the screen: they keep the seats they were created with. 0 when neither layout nor accessible_release_minutes was sent',
  }),
}).meta({ id: 'ScreenChange' });
