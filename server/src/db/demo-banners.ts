import sharp from 'sharp';
import { CUISINES } from '@shared/constants';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Banner size, and the width every crop keeps: the square thumb takes the middle 600 px. */
const WIDTH = 1600;
const HEIGHT = 600;
const SAFE_WIDTH = 520;

/**
 * A font size at which `text` fits `width` px: DejaVu Sans is at most about 0.7 em per character in
 * bold (0.62 regular), so long words (Mediterranean, Vegetarian) and names shrink instead of being
 * cut by the thumb's square crop.
 */
function fittingSize(text: string, maxSize: number, emPerChar: number): number {
  return Math.min(maxSize, Math.floor(SAFE_WIDTH / (Math.max(1, text.length) * emPerChar)));
}

/** The banner's SVG (server-made from the seed's own names, never user input). */
export function demoBannerSvg(name: string, cuisine: string): string {
  // Golden-angle steps over the cuisine list: neighbouring cuisines get clearly different colours.
  const hue = Math.round((Math.max(0, (CUISINES as readonly string[]).indexOf(cuisine)) * 137.5 + 10) % 360);
  const cuisineSize = fittingSize(cuisine, 110, 0.7);
  const nameSize = fittingSize(name, 52, 0.62);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 70%, 45%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 25) % 360}, 75%, 22%)"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="1350" cy="120" r="260" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="1480" cy="520" r="180" fill="#ffffff" fill-opacity="0.06"/>
  <text x="800" y="310" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${cuisineSize}" font-weight="bold" fill="#ffffff">${escapeXml(cuisine)}</text>
  <text x="800" y="400" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${nameSize}" fill="#ffffff" fill-opacity="0.85">${escapeXml(name)}</text>
</svg>`;
}

/**
 * A 1600×600 banner for a demo truck: a diagonal gradient in a hue picked from the cuisine, with the
 * cuisine and the truck's name centred and sized to fit the middle 520 px, so the card and the square
 * thumb crops keep them whole. Output as JPEG.
 */
export async function demoBanner(name: string, cuisine: string): Promise<Buffer> {
  return sharp(Buffer.from(demoBannerSvg(name, cuisine))).jpeg({ quality: 85 }).toBuffer();
}
