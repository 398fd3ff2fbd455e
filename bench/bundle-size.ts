/**
 * `npm run bench:bundle`: the JavaScript each route makes a browser download, gzip-compressed,
 * against its budget (issue 12): the entry chunk of index.html, plus for each route its lazily
 * loaded screen and what that screen always loads when it renders (the map and the voice card on
 * /find-trucks), each with every chunk it imports statically (Vite's build manifest). Run after
 * `npm run build`. Exits non-zero when a route is over budget; CI runs it (.ci/run).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { saveFigures, type Figure } from './results';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Source modules (relative to client/) each route loads on arrival, beyond index.html's entry. */
export const ROUTES: { route: string; modules: string[]; budgetKb: number }[] = [
  { route: '/', modules: [], budgetKb: 150 },
  {
    route: '/find-trucks',
    modules: [
      'src/app/routes/find-trucks.tsx',
      'src/features/map/components/truck-map.tsx',
      'src/features/voice/components/voice-assistant.tsx',
    ],
    budgetKb: 250,
  },
  // Not budgeted by the issue; held to /find-trucks' budget so they cannot grow unnoticed.
  { route: '/operator-dashboard', modules: ['src/app/routes/operator-dashboard.tsx'], budgetKb: 250 },
  { route: '/admin', modules: ['src/app/routes/admin.tsx'], budgetKb: 250 },
];

const dist = fileURLToPath(new URL('../dist/client', import.meta.url));

function readManifest(): Record<string, ManifestChunk> {
  try {
    return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    throw new Error('no dist/client/.vite/manifest.json: run `npm run build` first');
  }
}

/** gzip kB of every JavaScript file the route downloads. */
export function routeJavaScript(manifest = readManifest()): { route: string; kb: number; budgetKb: number; files: number }[] {
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string) => {
    let kb = gzipKb.get(file);
    if (kb === undefined) {
      kb = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1000;
      gzipKb.set(file, kb);
    }
    return kb;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the manifest has no index.html entry');
  return ROUTES.map(({ route, modules, budgetKb }) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not a chunk of the build (renamed? update bench/bundle-size.ts)`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(entry);
    for (const module of modules) visit(module);
    const kb = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    return { route, kb, budgetKb, files: files.size };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const routes = routeJavaScript();
  const figures: Figure[] = routes.map(({ route, kb, budgetKb, files }) => ({
    figure: `JavaScript gzip for ${route} (${files} files)`,
    ours: `${kb.toFixed(1)} KB`,
    baseline: '—',
    budget: `< ${budgetKb} KB`,
    met: kb < budgetKb,
  }));
  for (const f of figures) console.log(`${f.figure.padEnd(52)} ${f.ours.padStart(10)}  budget ${f.budget}  ${f.met ? 'met' : 'OVER'}`);
  saveFigures('bundle', figures);
  if (figures.some((f) => !f.met)) process.exit(1);
}
