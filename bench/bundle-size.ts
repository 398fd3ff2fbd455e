/**
 * JavaScript budget for `/` (DESIGN.md: under 150 KB gzip): the entry chunk plus every chunk it
 * imports statically, gzip-compressed. Run after `npm run build`: `tsx bench/bundle-size.ts`.
 * Exits non-zero when over budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = fileURLToPath(new URL('../dist/client', import.meta.url));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no module entry in dist/client/index.html; run `npm run build` first');

const staticImport = /(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g;
const chunks = new Set<string>();
const visit = (file: string) => {
  if (chunks.has(file)) return;
  chunks.add(file);
  const source = readFileSync(path.join(dist, file), 'utf8');
  for (const m of source.matchAll(staticImport)) visit(path.posix.join(path.posix.dirname(file), m[1] ?? ''));
};
visit(entry);

let total = 0;
for (const file of chunks) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length / 1000;
  total += size;
  console.log(`${file.padEnd(40)} ${size.toFixed(2).padStart(8)} kB gzip`);
}
console.log(`JavaScript for / : ${total.toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);
if (total >= BUDGET_KB) process.exit(1);
