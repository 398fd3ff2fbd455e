/**
 * Writes the web app manifest's PNG icons (ADR 0160) from client/public/favicon.svg: 192 and 512
 * px ("any"), a 512 px maskable one whose logo sits inside the 80 % safe zone, Apple's 180 px
 * touch icon, and the page's 48 px favicon (a PNG: Chromium draws an SVG favicon by building an SVG
 * document on the page's main thread, while the page starts). Run after changing the logo: `npx tsx server/src/scripts/pwa-icons.ts`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../../../client/public/', import.meta.url));
const svg = await readFile(path.join(publicDir, 'favicon.svg'));
const BRAND = '#ea580c';

await sharp(svg, { density: 600 }).resize(48, 48).png().toFile(path.join(publicDir, 'icons', 'favicon-48.png'));
for (const size of [192, 512]) {
  await sharp(svg, { density: 600 }).resize(size, size).png().toFile(path.join(publicDir, 'icons', `icon-${size}.png`));
}
await sharp(svg, { density: 600 }).resize(180, 180).flatten({ background: BRAND }).png().toFile(path.join(publicDir, 'icons', 'apple-touch-icon-180.png'));
const inner = await sharp(svg, { density: 600 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(path.join(publicDir, 'icons', 'maskable-512.png'));
