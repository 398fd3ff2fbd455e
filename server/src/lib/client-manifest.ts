/**
 * The built client's chunks, from Vite's build manifest (`dist/client/.vite/manifest.json`, written
 * because vite.config.ts sets `build.manifest`). Two users: the server names the JavaScript a screen
 * needs in a `Link: rel=modulepreload` header on the page itself, so the browser fetches it while
 * it still parses the entry instead of after (ADR 0120); and `npm run bench:bundle` adds up the
 * same files against each route's budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type ClientManifest = Record<string, ManifestChunk>;

/** ROUTE_MODULES' key of every truck's page, `/trucks/:id`. */
export const TRUCK_PAGE = '/trucks/:id';

/**
 * Source modules (relative to client/) each screen loads on arrival: first its lazily loaded route
 * module, then what that screen always renders (the map and the voice card on /find-trucks).
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': [],
  '/find-trucks': [
    'src/app/routes/find-trucks.tsx',
    'src/features/map/components/truck-map.tsx',
    'src/features/voice/components/voice-assistant.tsx',
  ],
  '/favorites': ['src/app/routes/favorites.tsx'],
  // A truck's page (answered by the share route, which sends this key's links).
  [TRUCK_PAGE]: ['src/app/routes/truck-share.tsx'],
  '/operator-dashboard': ['src/app/routes/operator-dashboard.tsx'],
  '/admin': ['src/app/routes/admin.tsx'],
};

/**
 * The app itself (React, the router, the landing page), which index.html's small entry imports once
 * it has started the page's first requests (client/src/main.tsx): every page preloads it.
 */
export const APP_MODULE = 'src/app-main.tsx';

/**
 * routePreloadLinks' key of the entry's own files alone: a server-rendered page's Link header
 * (ADR 0168). Its first script asks for the rest once it has painted (renderedPageChunks).
 */
export const ENTRY_ONLY = 'entry';

/** The manifest of the client built into `clientDir`, or null without one (a dev or test server). */
export function readClientManifest(clientDir: string): ClientManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as ClientManifest;
  } catch {
    return null;
  }
}

/** The manifest key of index.html's entry chunk. */
export function entryKey(manifest: ClientManifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the client manifest has no index.html entry');
  return entry;
}

/**
 * The JavaScript files that loading `keys` downloads: each module's chunk and every chunk
 * it imports statically, in load order, without duplicates. Throws on a key the build doesn't have.
 */
export function chunkFiles(manifest: ClientManifest, keys: readonly string[]): { js: string[] } {
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the client build`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js: [...js] };
}

/**
 * The `Link` header value of each page: index.html's entry, then the app module and, for a screen
 * path of ROUTE_MODULES, the screen's route module, each with the chunks it imports (once each): the
 * chain entry → app → screen becomes one round trip. Under
 * `*`, the value for every other page. What a screen loads after it renders (the map, the voice
 * card) is not preloaded: on a slow CPU its parsing would compete with the first card. The entry's
 * stylesheet comes before everything: it blocks the first paint, and found only in the page's head
 * it queued behind the header's 40 scripts on HTTP/1.1's six connections (a server-rendered page
 * painted a second later for it; docs/performance.md, session 32). It is preloaded `crossorigin`,
 * as Vite's stylesheet link asks, so that link takes the preload's answer instead of fetching it
 * again. The other chunks' CSS is left to the chunks that load it. `firstData`: the API answers a route's page asks for first, preloaded
 * after the entry (for a signed-out diner only: a signed-in one's requests carry its token, and
 * would not take the preload's answer).
 */
export function routePreloadLinks(
  manifest: ClientManifest,
  firstData: Readonly<Record<string, readonly string[]>> = {},
): Map<string, string> {
  const entryFiles = chunkFiles(manifest, [entryKey(manifest)]).js;
  // The entry itself first: the browser starts the header's preloads before it parses the page and
  // finds the entry's script tag, and over HTTP/1.1 (6 connections) the small entry that starts
  // the page's requests would otherwise wait behind every chunk of the app.
  const modulePreloads = (files: string[]) => files.map((file) => `</${file}>; rel=modulepreload`);
  // The screen's first data, right after the entry: asked for with the page, it no longer waits for
  // a connection behind the app's chunks (credentials included, as the entry's own fetch asks, so
  // that fetch takes the preload's answer; docs/performance.md, session 26).
  const dataPreloads = (urls: readonly string[]) =>
    urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`);
  const entryStyles = (manifest[entryKey(manifest)]?.css ?? []).map(
    (file) => `</${file}>; rel=preload; as=style; crossorigin`,
  );
  const linkFor = (modules: string[], data: readonly string[] = []) =>
    [
      ...entryStyles,
      ...modulePreloads(entryFiles),
      ...dataPreloads(data),
      ...modulePreloads(beyondEntry(manifest, modules)),
    ].join(', ');
  const links = new Map<string, string>([[ENTRY_ONLY, linkFor([])]]);
  for (const [route, modules] of pageModules()) links.set(route, linkFor(modules, firstData[route]));
  return links;
}

/**
 * The chunks `modules` load beyond the entry's own (every page has those), in load order. A module
 * this build does not have (an older build, a test's manifest) is left out, not fatal: the page
 * still works without its preload.
 */
function beyondEntry(manifest: ClientManifest, modules: string[]): string[] {
  const entry = new Set(chunkFiles(manifest, [entryKey(manifest)]).js);
  return chunkFiles(
    manifest,
    modules.filter((m) => m in manifest),
  ).js.filter((file) => !entry.has(file));
}

/** The modules each page loads on arrival: `*` the app; a screen path of ROUTE_MODULES the app and its screen. */
const pageModules = (): [string, string[]][] => [
  ['*', [APP_MODULE]],
  ...Object.entries(ROUTE_MODULES).map(([route, [screen]]): [string, string[]] => [
    route,
    screen ? [APP_MODULE, screen] : [APP_MODULE],
  ]),
];

/**
 * What a server-rendered page's first script preloads once it has painted (ADR 0168, session 34),
 * per screen path of ROUTE_MODULES and `*`: the app's and the screen's chunks, as the Link header
 * names them for a page the browser renders. Named in that header beside the page, those ~60 chunks
 * shared a slow link with the entry, whose script shows the location notice (the page's largest
 * paint): Lighthouse's LCP on /find-trucks went from 3.1 to 2.4 s once they came after it.
 */
export function renderedPageChunks(manifest: ClientManifest): Map<string, string[]> {
  return new Map(
    pageModules().map(([route, modules]) => [route, beyondEntry(manifest, modules).map((file) => `/${file}`)]),
  );
}
