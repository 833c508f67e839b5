import { ApiError, errorMessage, type Movie } from '@cinema/api-client';
import { Button, PosterImage, TextField } from '@cinema/ui';
import { type ChangeEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { useMoviePoster } from './api/moviePoster';
import styles from './MovieList.module.css';

/** What the API takes (api/src/posters/image.ts); checked here first, with its messages. */
const POSTER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const POSTER_MAX_BYTES = 5 * 1024 * 1024;
export const POSTER_TYPE_MESSAGE = 'The poster must be a JPEG, PNG or WebP image.';
export const POSTER_SIZE_MESSAGE = 'The poster must be at most 5 MB.';
const UPLOAD_FAILED = 'Failed to upload the poster. Try again.';

/** The file's problem before it is sent, or null. */
export function posterFileProblem(file: File): string | null {
  if (!POSTER_TYPES.includes(file.type)) return POSTER_TYPE_MESSAGE;
  if (file.size > POSTER_MAX_BYTES) return POSTER_SIZE_MESSAGE;
  return null;
}

/**
 * A movie's poster on the owner's card: the poster, a file field to set or replace it (the API
 * cuts it to 2:3 and resizes it) and 'Remove poster'. A refused file says why under the field.
 */
export function MoviePoster({ movie }: { movie: Movie }) {
  const poster = useMoviePoster();
  const [problem, setProblem] = useState<string | null>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const before = posterFileProblem(file);
    setProblem(before);
    if (before) return;
    poster.set.mutate(
      { movieId: movie.id, file },
      {
        onSuccess: () => toast.success(`Poster of ${movie.title} saved.`),
        onError: (error) =>
          setProblem(
            (error instanceof ApiError ? error.fields.poster : undefined) ??
              errorMessage(error, UPLOAD_FAILED),
          ),
        // The same file may be chosen again (after a failure, say).
        onSettled: () => {
          input.value = '';
        },
      },
    );
  }

  return (
    <div className={styles.posterControls}>
      <PosterImage poster={movie.poster} sizes="6rem" className={styles.poster} />
      <div className={styles.posterFields}>
        <TextField
          type="file"
          label="Poster"
          aria-label={`Poster for ${movie.title}`}
          accept={POSTER_TYPES.join(',')}
          hint="JPEG, PNG or WebP, at most 5 MB; cut to 2:3."
          error={problem}
          disabled={poster.set.isPending}
          onChange={choose}
        />
        {poster.set.isPending && <p role="status">Uploading...</p>}
        {movie.poster && (
          <Button
            variant="secondary"
            size="small"
            busy={poster.remove.isPending}
            busyLabel="Removing..."
            onClick={() =>
              poster.remove.mutate(movie.id, {
                onSuccess: () => toast.success(`Poster of ${movie.title} removed.`),
                onError: (error) =>
                  toast.error(errorMessage(error, 'Failed to remove the poster. Try again.')),
              })
            }
          >
            Remove poster
          </Button>
        )}
      </div>
    </div>
  );
}
