// Response schemas of the theaters resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';

export const TheaterSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    location: z.string(),
    owner: z.number().int(),
    rows: z.number().int(),
    seats_per_row: z.number().int(),
  })
  .meta({ id: 'Theater' });

/** In lists: an owner's own theaters carry theater_count, an admin's list owner_name. */
export const ListedTheaterSchema = TheaterSchema.extend({
  owner_name: z.string().optional(),
  theater_count: z.number().int().optional(),
}).meta({ id: 'ListedTheater' });
