// The demo movies' posters (data.ts): abstract art drawn from each title, made into posters by
// the same path as an owner's upload (posters/image.ts), so `npm start` shows what posters look
// like. Shapes only, no lettering: the title is beside every poster, and a server may have no
// fonts.
import sharp from 'sharp';
import { makePoster, type Poster } from '../posters/image.ts';

/** A small whole number from the title, the same on every machine. */
function seedOf(title: string): number {
  let hash = 2166136261;
  for (const char of title) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}

/** A 600 × 900 SVG: a two-colour sky, a sun or moon, hills and a few stripes, from the title. */
export function demoPosterSvg(title: string): string {
  const seed = seedOf(title);
  const hue = seed % 360;
  const other = (hue + 40 + ((seed >>> 9) % 120)) % 360;
  const sunX = 150 + ((seed >>> 3) % 300);
  const sunY = 220 + ((seed >>> 5) % 260);
  const sunR = 70 + ((seed >>> 7) % 80);
  const stripes = Array.from({ length: 3 + ((seed >>> 11) % 4) }, (_, i) => {
    const y = 80 + i * 46 + ((seed >>> (13 + i)) % 20);
    return `<rect x="0" y="${y}" width="600" height="6" fill="hsl(${other} 70% 85% / 0.35)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 65% 18%)"/>
      <stop offset="1" stop-color="hsl(${other} 75% 52%)"/>
    </linearGradient>
  </defs>
  <rect width="600" height="900" fill="url(#sky)"/>
  ${stripes}
  <circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="hsl(${(other + 30) % 360} 90% 80%)"/>
  <path d="M0 700 Q 150 ${600 + (seed % 80)} 300 680 T 600 650 V 900 H 0 Z" fill="hsl(${hue} 40% 12%)"/>
  <path d="M0 780 Q 200 ${700 + ((seed >>> 2) % 60)} 420 770 T 600 760 V 900 H 0 Z" fill="hsl(${hue} 45% 7%)"/>
</svg>`;
}

/** The poster of a demo movie, ready to store. */
export async function demoPoster(title: string): Promise<Poster> {
  const png = await sharp(new TextEncoder().encode(demoPosterSvg(title)))
    .png()
    .toBuffer();
  return await makePoster(new Uint8Array(png), 'image/png');
}
