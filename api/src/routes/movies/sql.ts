// Every SQL statement of the movies resource. Callers pass `db` or, inside a transaction, `tx`.
import { Buffer } from 'node:buffer';
import type { Db, Queryable } from '../../db/db.ts';
import { withCustomPlans } from '../../http/pagination.ts';
import type { Rendition } from '../../posters/image.ts';
import { type PosterImage, posterOf } from '../../posters/urls.ts';

/** A movie as the API shows it; release_date is 'YYYY-MM-DD'. */
export interface Movie {
  id: number;
  title: string;
  description: string;
  duration_minutes: number;
  language: string;
  release_date: string;
  theater: number;
  theater_name: string;
  poster: PosterImage | null;
}

/** A movie as read: its poster by version. */
type MovieRow = Omit<Movie, 'poster'> & { poster_version: string | null };

function asMovie({ poster_version, ...movie }: MovieRow): Movie {
  return { ...movie, poster: posterOf(movie.id, poster_version) };
}

/** What adding a movie takes. */
export interface NewMovie {
  theaterId: number;
  ownerId: number;
  title: string;
  description: string;
  durationMinutes: number;
  language: string;
  /** 'YYYY-MM-DD' */
  releaseDate: string;
  now: Date;
}

/** Every movie, or those of one theater, by title. */
export async function listMovies(q: Queryable, theaterId: number | null): Promise<Movie[]> {
  // Columns repeat in pageMovies/insertOwnedMovie: no SQL fragments in Db; merging adds a count.
  const rows = await q.query<MovieRow>`
    SELECT m.id, m.title, m.description, m.duration_minutes, m.language,
           to_char(m.release_date, 'YYYY-MM-DD') AS release_date,
           m.theater_id AS theater, t.name AS theater_name, m.poster_version
      FROM movies m
      JOIN theaters t ON t.id = m.theater_id
     WHERE ${theaterId}::bigint IS NULL OR m.theater_id = ${theaterId}
     ORDER BY m.title, m.id`;
  return rows.map(asMovie);
}

export async function insertMovie(q: Queryable, movie: NewMovie): Promise<{ id: number }> {
  const [row] = await q.query<{ id: number }>`
    INSERT INTO movies (theater_id, owner_id, title, description, duration_minutes, language,
                        release_date, created_at)
    VALUES (${movie.theaterId}, ${movie.ownerId}, ${movie.title}, ${movie.description},
            ${movie.durationMinutes}, ${movie.language}, ${movie.releaseDate}::date, ${movie.now})
    RETURNING id`;
  if (!row) throw new Error('INSERT INTO movies returned no row');
  return row;
}

/**
 * Adds a movie to a theater of `ownerId` and returns it as the API shows it; null (nothing
 * written) when the theater does not exist or is someone else's. One statement.
 */
export async function insertOwnedMovie(q: Queryable, movie: NewMovie): Promise<Movie | null> {
  const [row] = await q.query<MovieRow>`
    WITH theater AS (
      SELECT id, name FROM theaters WHERE id = ${movie.theaterId} AND owner_id = ${movie.ownerId}
    ), added AS (
      INSERT INTO movies (theater_id, owner_id, title, description, duration_minutes, language,
                          release_date, created_at)
      SELECT t.id, ${movie.ownerId}, ${movie.title}, ${movie.description},
             ${movie.durationMinutes}, ${movie.language}, ${movie.releaseDate}::date, ${movie.now}
        FROM theater t
      RETURNING *
    )
    SELECT a.id, a.title, a.description, a.duration_minutes, a.language,
           to_char(a.release_date, 'YYYY-MM-DD') AS release_date,
           a.theater_id AS theater, t.name AS theater_name, a.poster_version
      FROM added a JOIN theater t ON t.id = a.theater_id`;
  return row ? asMovie(row) : null;
}

/**
 * One page of movies by title, all of them or those of one owner's theaters, optionally of one
 * theater, matching `pattern` (ILIKE) on the title, language or theater name. One statement:
 * every row carries total_count, counted up to `countCap`; a page past the end is a single row
 * of nulls but for it. Planned for its values (withCustomPlans); `matching` is read twice, each
 * read planned on its own (NOT MATERIALIZED), the page in movies_title_idx order.
 */
export async function pageMovies(
  db: Db,
  filter: {
    ownerId: number | null;
    theaterId: number | null;
    pattern: string | null;
    limit: number;
    offset: number;
    countCap: number;
  },
): Promise<(Movie & { total_count: number })[]> {
  const { ownerId, theaterId, pattern, limit, offset, countCap } = filter;
  const rows = await withCustomPlans(
    db,
    (q) => q.query<MovieRow & { total_count: number }>`
    WITH matching AS NOT MATERIALIZED (
      SELECT m.id, m.title FROM movies m
       WHERE (${ownerId}::bigint IS NULL
              OR m.theater_id IN (SELECT id FROM theaters WHERE owner_id = ${ownerId}))
         AND (${theaterId}::bigint IS NULL OR m.theater_id = ${theaterId})
         AND (${pattern}::text IS NULL
              OR m.title ILIKE ${pattern} OR m.language ILIKE ${pattern}
              OR m.theater_id IN (SELECT id FROM theaters WHERE name ILIKE ${pattern}))
    ), page AS (
      SELECT id, title FROM matching ORDER BY title, id LIMIT ${limit} OFFSET ${offset}
    )
    SELECT n.total_count, p.*
      FROM (SELECT count(*)::integer AS total_count
              FROM (SELECT 1 FROM matching LIMIT ${countCap}) c) n
      LEFT JOIN LATERAL (
        SELECT m.id, m.title, m.description, m.duration_minutes, m.language,
               to_char(m.release_date, 'YYYY-MM-DD') AS release_date,
               m.theater_id AS theater, t.name AS theater_name, m.poster_version
          FROM page pg
          JOIN movies m ON m.id = pg.id
          JOIN theaters t ON t.id = m.theater_id) p ON true
     ORDER BY p.title, p.id`,
  );
  // A page past the end is one row of nulls but total_count (envelope() drops it).
  return rows.map((row) =>
    row.id === null ? { ...row, poster: null } : { ...asMovie(row), total_count: row.total_count },
  );
}

/** True when movie `movieId` is `ownerId`'s. */
export async function isOwnMovie(q: Queryable, movieId: number, ownerId: number): Promise<boolean> {
  const rows = await q.query`SELECT 1 FROM movies WHERE id = ${movieId} AND owner_id = ${ownerId}`;
  return rows.length > 0;
}

/**
 * Makes `poster` the poster of movie `movieId` if `ownerId` owns it: its renditions stored, the
 * movie pointing at them, the renditions of the one before removed. Null (nothing written) when
 * the movie does not exist or is someone else's; else the version replaced (null: none).
 */
export async function replacePoster(
  q: Queryable,
  movie: { movieId: number; ownerId: number; version: string; renditions: readonly Rendition[] },
): Promise<{ replaced: string | null } | null> {
  const { movieId, ownerId, version, renditions } = movie;
  const [owned] = await q.query<{ poster_version: string | null }>`
    SELECT poster_version FROM movies WHERE id = ${movieId} AND owner_id = ${ownerId} FOR UPDATE`;
  if (!owned) return null;
  await q.query`
    DELETE FROM movie_posters WHERE movie_id = ${movieId}`;
  await q.query`
    INSERT INTO movie_posters (movie_id, version, width, height, bytes)
    SELECT ${movieId}, ${version}, r.width, r.height, decode(r.bytes, 'base64')
      FROM jsonb_to_recordset(${JSON.stringify(
        renditions.map((r) => ({
          width: r.width,
          height: r.height,
          bytes: Buffer.from(r.bytes).toString('base64'),
        })),
      )}::jsonb) AS r(width integer, height integer, bytes text)`;
  await q.query`
    UPDATE movies SET poster_version = ${version} WHERE id = ${movieId}`;
  return { replaced: owned.poster_version };
}

/**
 * Removes the poster of movie `movieId` if `ownerId` owns it. Null when the movie does not exist
 * or is someone else's; else the version removed (null: it had none).
 */
export async function removePoster(
  q: Queryable,
  movie: { movieId: number; ownerId: number },
): Promise<{ removed: string | null } | null> {
  const { movieId, ownerId } = movie;
  const [owned] = await q.query<{ poster_version: string | null }>`
    SELECT poster_version FROM movies WHERE id = ${movieId} AND owner_id = ${ownerId} FOR UPDATE`;
  if (!owned) return null;
  await q.query`DELETE FROM movie_posters WHERE movie_id = ${movieId}`;
  await q.query`UPDATE movies SET poster_version = NULL WHERE id = ${movieId}`;
  return { removed: owned.poster_version };
}
