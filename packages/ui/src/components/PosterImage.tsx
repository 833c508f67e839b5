import { cx } from '../cx';
import styles from './PosterImage.module.css';

/** A movie's poster as the API names it (src, srcset, width, height); see api-client's Poster. */
export interface PosterSource {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

export interface PosterImageProps {
  poster: PosterSource | null | undefined;
  /** How wide it is drawn, for the browser's choice from srcset, e.g. '(max-width: 30rem) 5rem, 7rem'. */
  sizes: string;
  className?: string;
}

/**
 * A movie's poster beside its title: drawn at 2:3 in the width its class gives, the browser
 * choosing the width of srcset that fits the screen; loaded lazily with its size known, so
 * nothing moves when it arrives. Nothing where the movie has none: the title says it all. The
 * title is beside it, so the picture is not announced again (alt="").
 */
export function PosterImage({ poster, sizes, className }: PosterImageProps) {
  if (!poster) return null;
  return (
    <img
      className={cx(styles.poster, className)}
      src={poster.src}
      srcSet={poster.srcset}
      sizes={sizes}
      width={poster.width}
      height={poster.height}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}
