// Images for the poster tests, drawn by sharp (the library that checks and resizes them).
import sharp from 'sharp';
import type { BookingTestApp } from './booking.ts';

/** An image `width` × `height` of one colour, in `format`. */
export async function picture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  colour = { r: 200, g: 40, b: 60 },
): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** PUT /api/movies/{id}/poster/ with `bytes` as the body, sent as `type`. */
export async function putPoster(
  t: BookingTestApp,
  movieId: number | string,
  bytes: Uint8Array,
  type: string,
  token?: string,
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (token) headers.Authorization = `Bearer ${token}`;
  return await t.app.request(`/api/movies/${movieId}/poster/`, {
    method: 'PUT',
    headers,
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

/** What an image is: its format and size. */
export async function imageOf(bytes: Uint8Array) {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}
