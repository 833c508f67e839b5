// Response schemas of the movies resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';
import { PosterSchema } from '../../posters/urls.ts';

export const MovieSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    duration_minutes: z.number().int(),
    language: z.string(),
    release_date: z.string(),
    theater: z.number().int(),
    theater_name: z.string(),
    poster: PosterSchema.nullable(),
  })
  .meta({ id: 'Movie' });
