// Where a movie's poster is served (routes/posters/) and how the API's answers name it: an
// <img>'s src, srcset, width and height. A URL carries the poster's version, so its bytes never
// change. docs/decisions/0053-movie-posters.md.
import { z } from 'zod';
import { POSTER_RATIO, POSTER_WIDTHS } from './image.ts';

export const PosterSchema = z
  .object({
    src: z.string().meta({ description: 'The poster 320 px wide (WebP)' }),
    srcset: z.string().meta({ description: 'Every width, for <img srcset>' }),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'Poster', description: 'A movie poster, 2:3, as WebP in several widths' });

export type PosterImage = z.infer<typeof PosterSchema>;

/** The path of one width of a poster. */
export function posterPath(movieId: number, version: string, width: number): string {
  return `/api/posters/${movieId}/${version}/${width}.webp`;
}

/** The poster of a movie as an answer names it; null when it has none. */
export function posterOf(movieId: number, version: string | null): PosterImage | null {
  if (version === null) return null;
  const width = POSTER_WIDTHS[1];
  return {
    src: posterPath(movieId, version, width),
    srcset: POSTER_WIDTHS.map((w) => `${posterPath(movieId, version, w)} ${w}w`).join(', '),
    width,
    height: width * POSTER_RATIO,
  };
}
