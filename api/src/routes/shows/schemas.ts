// Response schemas of the shows resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { PosterSchema } from '../../posters/urls.ts';

export const ShowSchema = z
  .object({
    id: z.number().int(),
    movie: z.number().int(),
    movie_name: z.string(),
    theater: z.number().int(),
    theater_name: z.string(),
    screen: z.number().int().meta({ description: 'The screen it plays on' }),
    screen_name: z.string(),
    date: z.string().meta({ description: 'YYYY-MM-DD, in the product’s time zone' }),
    start_time: z.string().meta({ description: 'HH:MM' }),
    end_time: z.string().meta({ description: 'HH:MM' }),
    starts_at: Timestamp,
    accessible_release_at: Timestamp.meta({
      description:
        'Wheelchair spaces and companion seats are on general sale from then (before, only to customers who need one)',
    }),
    min_price: z
      .number()
      .int()
      .meta({ description: 'The lowest price of a sellable seat, whole rupees' }),
    max_price: z
      .number()
      .int()
      .meta({ description: 'The highest price of a sellable seat, whole rupees' }),
    total_seats: z.number().int().meta({ description: 'Its seats but the blocked ones' }),
    booked_seats: z.number().int(),
    available_seats: z.number().int(),
    is_past: z
      .boolean()
      .optional()
      .meta({ description: 'In owner and admin lists, and GET shows/{id}/' }),
    movie_poster: PosterSchema.nullable()
      .optional()
      .meta({ description: 'The movie’s poster, null when it has none; in GET shows/{id}/' }),
  })
  .meta({ id: 'Show' });
