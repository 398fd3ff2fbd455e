import type { Rolldown } from 'vite';

/**
 * Modules whose imports are not followed when finding what the app itself uses: barrels that
 * re-export a whole library (lucide's every icon, every Radix primitive) or every schema of ours
 * (which need zod). Each is imported for a few of its exports, and tree-shaking drops the rest;
 * the module graph alone cannot tell which, so following them would put thousands of unused
 * modules, and the route screens' icons, primitives and schemas, into the app's chunk.
 */
const BARRELS = [
  /node_modules[\\/]zod[\\/]/,
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
  /node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/,
  /[\\/]shared[\\/]contracts[\\/]index\.ts$/,
];

type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/** Every module `roots` import statically, through any chain, except through a barrel. */
function staticallyReached(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (reached.has(id) || BARRELS.some((barrel) => barrel.test(id))) continue;
    reached.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** Every module loaded on demand (`import()`), found from `entries` through any import. */
function lazilyLoaded(graph: ModuleGraph, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const lazy: string[] = [];
  const stack = [...entries];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    if (info.dynamicImporters.length > 0) lazy.push(id);
    stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  return lazy;
}

/** Whether `id` starts a chunk of its own: an entry, or a module loaded on demand. */
const startsChunk = (graph: ModuleGraph, id: string) => {
  const info = graph.getModuleInfo(id);
  return !info || info.isEntry || info.dynamicImporters.length > 0;
};

/**
 * A code-splitting group (Rolldown, `output.codeSplitting.groups`): one chunk, `app`, of every
 * module the app module imports statically, except what the page's entries (`entries`) import,
 * which stays with them, and the lazily loaded modules, which stay chunks of their own.
 *
 * Left to itself, Rolldown gives each set of lazily loaded modules that share a module its own
 * chunk: the app's first screen came as 19 files (React, TanStack Query, the router, the class
 * helpers, the API client… each in a chunk the routes share), /find-trucks as 60. Every file is a
 * request (six at a time over HTTP/1.1) and a compile-and-run task of its own, each carrying
 * 10-35 ms of a slow phone's main thread whatever its size (docs/performance.md, session 38). All
 * of these are loaded by every route, since every route is loaded by the app, so one chunk of them
 * costs no route a byte more.
 */
export function appChunkGroup({
  app,
  entries,
}: {
  app: string;
  entries: readonly string[];
}): Rolldown.CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    debugName: 'app',
    name: (id, graph) => {
      if (!members) {
        const initial = staticallyReached(graph, entries);
        members = new Set([...staticallyReached(graph, [app])].filter((member) => !initial.has(member)));
      }
      return !startsChunk(graph, id) && members.has(id) ? 'app' : null;
    },
  };
}

/**
 * A code-splitting group after appChunkGroup's: one chunk, `{name}`, of the modules a screen loaded
 * on demand (`screen`) imports that other modules loaded on demand import too (what only it imports
 * is in its own chunk already). Left to itself, Rolldown gave each set of sharers a chunk: the
 * diners' screen's own code came as 30 such files, each of a few hundred bytes. The screen loads
 * exactly the code it did, in one file. Another module that shares any of it loads the whole
 * chunk, with what that screen shares with a third: fewer files for every screen, a few KB more
 * for some (the sign-in and subscribe screens about 20 KB gzip more, in 12-19 files instead of
 * 30-40; docs/performance.md, session 38).
 */
export function screenChunkGroup({
  name,
  screen,
  app,
  entries,
}: {
  name: string;
  screen: string;
  app: string;
  entries: readonly string[];
}): Rolldown.CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    debugName: name,
    name: (id, graph) => {
      if (!members) {
        const elsewhere = new Set(
          lazilyLoaded(graph, entries)
            .filter((other) => other !== screen && other !== app)
            .flatMap((other) => [...staticallyReached(graph, [other])]),
        );
        const loaded = staticallyReached(graph, [...entries, app]);
        members = new Set(
          [...staticallyReached(graph, [screen])].filter(
            (member) => elsewhere.has(member) && !loaded.has(member),
          ),
        );
      }
      return !startsChunk(graph, id) && members.has(id) ? name : null;
    },
  };
}
