// A movie's poster from an owner's upload: checked (what the bytes are, not what the request says
// they are), turned upright, cut to a poster's 2:3 and written as WebP in each of POSTER_WIDTHS,
// by sharp (libvips). docs/decisions/0053-movie-posters.md.
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** The widths every poster is kept in (px); heights are 1.5 times as much. */
export const POSTER_WIDTHS = [160, 320, 640] as const;
/** Height over width: a one-sheet poster's 27 × 40 in, rounded to the usual 2:3. */
export const POSTER_RATIO = 1.5;
/** The largest upload taken. */
export const POSTER_MAX_BYTES = 5 * 1024 * 1024;
/** Smallest upload that still makes the largest width without blowing it up more than twice. */
export const POSTER_MIN_WIDTH = 320;
export const POSTER_MIN_HEIGHT = 480;
/** Pixels past which an image is not decoded (a small file may hold a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;

export const POSTER_TYPE_MESSAGE = 'The poster must be a JPEG, PNG or WebP image.';
export const POSTER_SIZE_MESSAGE = 'The poster must be at most 5 MB.';
export const POSTER_SMALL_MESSAGE = `The poster must be at least ${POSTER_MIN_WIDTH} × ${POSTER_MIN_HEIGHT} pixels.`;
export const POSTER_LARGE_MESSAGE = 'The poster must be at most 40 megapixels.';

/** The request's types taken, each with the format its bytes must then be. */
export const POSTER_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// One image at a time per call, no decoded images kept between calls: posters are rare, and
// the API's memory and cores are the seat maps'.
sharp.cache(false);
sharp.concurrency(1);

export interface Rendition {
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface Poster {
  /** 16 hex digits of the renditions' SHA-256: the same upload gives the same version. */
  version: string;
  renditions: Rendition[];
}

/** An upload refused, with the message for the owner. */
export class PosterRefused extends Error {}

/**
 * The poster made from `upload`, sent as `type`. Refused (PosterRefused) when the bytes are not
 * an image of that type, are smaller than POSTER_MIN_WIDTH × POSTER_MIN_HEIGHT or larger than
 * MAX_INPUT_PIXELS. Only the first frame of an animated image is taken; metadata is not kept.
 */
export async function makePoster(upload: Uint8Array, type: string): Promise<Poster> {
  const format = POSTER_TYPES[type];
  if (!format) throw new PosterRefused(POSTER_TYPE_MESSAGE);
  // Only the header is read; what cannot be read is no image.
  const metadata = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (metadata?.format !== format) throw new PosterRefused(POSTER_TYPE_MESSAGE);
  // As shown: an EXIF orientation of 5 to 8 turns the picture a quarter.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? 0;
  const height = (turned ? metadata.width : metadata.height) ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw new PosterRefused(POSTER_LARGE_MESSAGE);
  if (width < POSTER_MIN_WIDTH || height < POSTER_MIN_HEIGHT)
    throw new PosterRefused(POSTER_SMALL_MESSAGE);

  const renditions: Rendition[] = [];
  try {
    for (const target of POSTER_WIDTHS) {
      const rendition = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: target, height: target * POSTER_RATIO, fit: 'cover' })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      renditions.push({
        width: rendition.info.width,
        height: rendition.info.height,
        bytes: new Uint8Array(rendition.data),
      });
    }
  } catch {
    // Truncated or corrupt past its header.
    throw new PosterRefused(POSTER_TYPE_MESSAGE);
  }
  const hash = createHash('sha256');
  for (const rendition of renditions) hash.update(rendition.bytes);
  return { version: hash.digest('hex').slice(0, 16), renditions };
}
