/**
 * `npm run bench:bundle`: the JavaScript each route makes a browser download, gzip-compressed,
 * against its budget (issue 12): the entry chunk of index.html and the app it starts, plus for each route its lazily
 * loaded screen and what that screen always loads when it renders (the map and the voice card on
 * /find-trucks), each with every chunk it imports statically (Vite's build manifest). Run after
 * `npm run build`. Exits non-zero when a route is over budget; CI runs it (.ci/run).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  APP_MODULE,
  chunkFiles,
  entryKey,
  readClientManifest,
  ROUTE_MODULES,
} from '../server/src/lib/client-manifest';
import { EMBED_MODULE } from '../server/src/modules/share/share.routes';
import { saveFigures, type Figure } from './results';

/** Budgets per route (issue 12); the routes' modules are the server's (ROUTE_MODULES). */
const BUDGETS_KB: Record<string, number> = {
  '/': 150,
  '/find-trucks': 250,
  // Not budgeted by the issue; held to /find-trucks' budget so they cannot grow unnoticed.
  '/operator-dashboard': 250,
  '/trucks/:id': 250,
  '/favorites': 250,
  '/admin': 250,
};

/**
 * Files per route, held where they are (session 38: client/build/app-chunk.ts; session 39: icons by
 * their own modules, ADR 0177, took each shared icon's file away): each is a request,
 * six at a time over HTTP/1.1, and a compile-and-run task on the phone's main thread; Lighthouse's
 * simulated LCP of a signed-in screen counts every one started before its data's render. A shared helper moved into the query client's module once split the query
 * library's mutation code into a chunk of its own, one more file on every route, unnoticed by the
 * KB budgets. Raise a figure here only for a chunk that is worth its request.
 */
const MAX_FILES: Record<string, number> = {
  '/': 5,
  '/find-trucks': 12,
  '/operator-dashboard': 11,
  '/trucks/:id': 9,
  '/favorites': 11,
  '/admin': 20,
};

/**
 * The screens of issue 33 (a diner's, a customer's and an operator's first screens) load no zod
 * schemas: the contracts build every schema when they load, 110-130 ms of one task on a 4× slowed
 * phone. A form that validates loads them with its own chunk.
 */
const SCHEMA_FREE_ROUTES = new Set(['/', '/find-trucks', '/trucks/:id', '/favorites', '/operator-dashboard']);

/** Whether one of `files` holds zod's schema classes (read from their source maps). */
const holdsSchemas = (files: string[]) =>
  files.some((file) => {
    const map = path.join(dist, `${file}.map`);
    return existsSync(map) && (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.some((source) => /node_modules\/zod\/v4\/(classic|core)\/schemas\.js$/.test(source));
  });

const dist = fileURLToPath(new URL('../dist/client', import.meta.url));

/**
 * The embed card (`/embed/trucks/:id`, issue 14) must stay under 30 KB gzip in all: its own script
 * (its own Vite entry, none of the React app) is held here to 22 KB, and its server-rendered page to
 * 8 KB by server/src/modules/share/share.api.test.ts.
 */
const EMBED_SCRIPT_BUDGET_KB = 22;

const gzipKb = (files: string[]) =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1000,
    0,
  );

/** gzip kB of every JavaScript file the route downloads: index.html's entry, the app it starts, and the route's modules. */
export function routeJavaScript(): { route: string; kb: number; budgetKb: number; files: number; schemas: boolean }[] {
  const manifest = readClientManifest(dist);
  if (!manifest) throw new Error('no dist/client/.vite/manifest.json: run `npm run build` first');
  const entry = entryKey(manifest);
  return Object.entries(BUDGETS_KB).map(([route, budgetKb]) => {
    const { js } = chunkFiles(manifest, [entry, APP_MODULE, ...(ROUTE_MODULES[route] ?? [])]);
    return { route, kb: gzipKb(js), budgetKb, files: js.length, schemas: holdsSchemas(js) };
  });
}

/** gzip kB of the embed card's script and whatever it imports. */
export function embedJavaScript(): { route: string; kb: number; budgetKb: number; files: number } {
  const manifest = readClientManifest(dist);
  if (!manifest) throw new Error('no dist/client/.vite/manifest.json: run `npm run build` first');
  const { js } = chunkFiles(manifest, [EMBED_MODULE]);
  return { route: '/embed/trucks/:id', kb: gzipKb(js), budgetKb: EMBED_SCRIPT_BUDGET_KB, files: js.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const routes = [...routeJavaScript(), embedJavaScript()];
  const figures: Figure[] = routes.flatMap(({ route, kb, budgetKb, files, ...rest }) => [
    {
      figure: `JavaScript gzip for ${route} (${files} files)`,
      ours: `${kb.toFixed(1)} KB`,
      baseline: '—',
      budget: `< ${budgetKb} KB`,
      met: kb < budgetKb,
    },
    ...(route in MAX_FILES
      ? [
          {
            figure: `JavaScript files for ${route}`,
            ours: String(files),
            baseline: '—',
            budget: `≤ ${MAX_FILES[route]}`,
            met: files <= (MAX_FILES[route] ?? 0),
          },
        ]
      : []),
    ...('schemas' in rest && SCHEMA_FREE_ROUTES.has(route)
      ? [
          {
            figure: `zod schemas loaded by ${route}`,
            ours: rest.schemas ? 'yes' : 'none',
            baseline: '—',
            budget: 'none',
            met: !rest.schemas,
          },
        ]
      : []),
  ]);
  for (const f of figures)
    console.log(
      `${f.figure.padEnd(52)} ${f.ours.padStart(10)}  budget ${f.budget}  ${f.met ? 'met' : 'OVER'}`,
    );
  saveFigures('bundle', figures);
  if (figures.some((f) => !f.met)) process.exit(1);
}
