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
}

export type ClientManifest = Record<string, ManifestChunk>;

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
  '/operator-dashboard': ['src/app/routes/operator-dashboard.tsx'],
  '/admin': ['src/app/routes/admin.tsx'],
};

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
 * For each screen path, the `Link` header value that preloads the screen's route module and the
 * chunks it imports, beyond index.html's own entry (which the page's script tags already fetch):
 * the request chain entry → screen becomes one round trip. What the screen loads after it renders
 * (the map, the voice card) is not preloaded: on a slow CPU its parsing would compete with the first
 * card. CSS is left to the chunks that load it (a preload whose credentials mode differs from Vite's
 * stylesheet link would be fetched twice).
 */
export function routePreloadLinks(manifest: ClientManifest): Map<string, string> {
  const entry = new Set(chunkFiles(manifest, [entryKey(manifest)]).js);
  const links = new Map<string, string>();
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const [screen] = modules;
    if (!screen) continue;
    const js = chunkFiles(manifest, [screen]).js.filter((file) => !entry.has(file));
    if (js.length > 0) links.set(route, js.map((file) => `</${file}>; rel=modulepreload`).join(', '));
  }
  return links;
}
