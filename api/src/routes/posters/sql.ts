// Every SQL statement of the posters resource.
import { Buffer } from 'node:buffer';
import type { Queryable } from '../../db/db.ts';

/** One width of one version of a movie's poster, as WebP bytes; null when there is none. */
export async function findPoster(
  q: Queryable,
  poster: { movieId: number; version: string; width: number },
): Promise<Uint8Array | null> {
  const { movieId, version, width } = poster;
  // As base64: the two database drivers return bytea differently (db/db.ts).
  const [row] = await q.query<{ base64: string }>`
    SELECT encode(bytes, 'base64') AS base64 FROM movie_posters
     WHERE movie_id = ${movieId} AND version = ${version} AND width = ${width}`;
  return row ? new Uint8Array(Buffer.from(row.base64, 'base64')) : null;
}
