// Response schemas of the reports resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';

/**
 * At most this many movies and shows are listed (the best-selling): a chain's year has ~100,000
 * shows and thousands of movies, megabytes that no screen shows. Theaters and days are all listed.
 */
export const REPORT_TOP_ROWS = 200;

const figures = {
  tickets_sold: z.number().int(),
  cancellations: z.number().int(),
  revenue: z.number(),
  capacity: z.number().int(),
  occupancy: z.number().meta({ description: '0..1' }),
  checked_in: z.number().int().meta({ description: 'Live tickets admitted at the door.' }),
  no_shows: z
    .number()
    .int()
    .meta({ description: 'Live tickets not admitted, of shows that have started.' }),
};

export const ReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    show_count: z
      .number()
      .int()
      .meta({
        description: `Shows in the range; by_show lists at most ${REPORT_TOP_ROWS} of them.`,
      }),
    movie_count: z
      .number()
      .int()
      .meta({
        description: `Movies with shows in the range; by_movie lists at most ${REPORT_TOP_ROWS} of them.`,
      }),
    totals: z.object(figures),
    by_theater: z.array(
      z.object({
        theater_id: z.number().int(),
        theater_name: z.string(),
        shows: z.number().int(),
        ...figures,
      }),
    ),
    by_movie: z
      .array(
        z.object({
          movie_id: z.number().int(),
          movie_name: z.string(),
          theater_name: z.string(),
          shows: z.number().int(),
          ...figures,
        }),
      )
      .meta({
        description: `The ${REPORT_TOP_ROWS} best-selling movies (most tickets sold; ties by name), listed by name.`,
      }),
    by_show: z
      .array(
        z.object({
          show_id: z.number().int(),
          movie_name: z.string(),
          theater_name: z.string(),
          screen_name: z.string(),
          date: z.string(),
          start_time: z.string(),
          ...figures,
        }),
      )
      .meta({
        description: `The ${REPORT_TOP_ROWS} best-selling shows (most tickets sold; ties: earliest first), listed by start.`,
      }),
    by_day: z.array(
      z.object({
        date: z.string(),
        tickets_sold: z.number().int(),
        cancellations: z.number().int(),
        revenue: z.number(),
      }),
    ),
  })
  .meta({ id: 'Report' });
