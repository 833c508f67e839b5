import { ApiError, errorMessage, type Movie } from '@cinema/api-client';
import { Button, buttonClassName, cx, PosterImage, VisuallyHidden } from '@cinema/ui';
import { type ChangeEvent, useId, useState } from 'react';
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
 * A movie's poster on the owner's card: the poster, 'Add poster' (or 'Replace poster': a file
 * field; the API cuts the image to 2:3 and resizes it) and 'Remove poster', compact so that a
 * phone's list stays short. A refused file says why under the buttons.
 */
export function MoviePoster({ movie, headingId }: { movie: Movie; headingId: string }) {
  const poster = useMoviePoster();
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const problemId = useId();
  const uploading = poster.set.isPending;

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
      <PosterImage poster={movie.poster} sizes="4rem" className={styles.poster} />
      <div className={styles.posterFields}>
        <div className={styles.posterButtons}>
          {/* A file field drawn as a button: its label is the button, the field itself hidden. */}
          <label
            className={cx(
              buttonClassName({ variant: 'secondary', size: 'small' }),
              styles.fileButton,
            )}
            aria-disabled={uploading || undefined}
          >
            {uploading ? 'Uploading...' : movie.poster ? 'Replace poster' : 'Add poster'}
            <VisuallyHidden>
              <input
                type="file"
                accept={POSTER_TYPES.join(',')}
                aria-describedby={[headingId, hintId, problem ? problemId : null]
                  .filter(Boolean)
                  .join(' ')}
                aria-invalid={problem ? true : undefined}
                disabled={uploading}
                onChange={choose}
              />
            </VisuallyHidden>
          </label>
          {movie.poster && (
            <Button
              variant="secondary"
              size="small"
              busy={poster.remove.isPending}
              busyLabel="Removing..."
              aria-describedby={headingId}
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
        <p id={hintId} className={styles.hint}>
          JPEG, PNG or WebP, at most 5 MB; cut to 2:3.
        </p>
        {problem && (
          <p id={problemId} role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
