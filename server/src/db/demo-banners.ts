import sharp from 'sharp';
import { CUISINES } from '../../../shared/constants';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A 1600×600 banner for a demo truck: a diagonal gradient in a hue picked from the cuisine, with the
 * cuisine and the truck's name centred (so the card and thumb crops keep them). Drawn from server-made SVG (never user input) and output as JPEG.
 */
export async function demoBanner(name: string, cuisine: string): Promise<Buffer> {
  // Golden-angle steps over the cuisine list: neighbouring cuisines get clearly different colours.
  const hue = Math.round((Math.max(0, (CUISINES as readonly string[]).indexOf(cuisine)) * 137.5 + 10) % 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 70%, 45%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 25) % 360}, 75%, 22%)"/>
  </linearGradient></defs>
  <rect width="1600" height="600" fill="url(#g)"/>
  <circle cx="1350" cy="120" r="260" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="1480" cy="520" r="180" fill="#ffffff" fill-opacity="0.06"/>
  <text x="800" y="310" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="110" font-weight="bold" fill="#ffffff">${escapeXml(cuisine)}</text>
  <text x="800" y="400" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="52" fill="#ffffff" fill-opacity="0.85">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
