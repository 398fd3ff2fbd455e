/**
 * Writes the web app manifest's PNG icons (ADR 0160) from client/public/favicon.svg: 192 and 512
 * px ("any"), a 512 px maskable one whose logo sits inside the 80 % safe zone, and Apple's 180 px
 * touch icon. Run after changing the logo: `npx tsx server/src/scripts/pwa-icons.ts`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../../../client/public/', import.meta.url));
const svg = await readFile(path.join(publicDir, 'favicon.svg'));
const BRAND = '#ea580c';

for (const size of [192, 512]) {
  await sharp(svg, { density: 600 }).resize(size, size).png().toFile(path.join(publicDir, 'icons', `icon-${size}.png`));
}
await sharp(svg, { density: 600 }).resize(180, 180).flatten({ background: BRAND }).png().toFile(path.join(publicDir, 'icons', 'apple-touch-icon-180.png'));
const inner = await sharp(svg, { density: 600 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(path.join(publicDir, 'icons', 'maskable-512.png'));
