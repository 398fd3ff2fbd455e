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
export function appChunkGroup({ app, entries }: { app: string; entries: readonly string[] }): Rolldown.CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    name: (id, graph) => {
      if (!members) {
        const initial = staticallyReached(graph, entries);
        members = new Set([...staticallyReached(graph, [app])].filter((member) => !initial.has(member)));
      }
      const info = graph.getModuleInfo(id);
      const lazilyLoaded = !info || info.isEntry || info.dynamicImporters.length > 0;
      return !lazilyLoaded && members.has(id) ? 'app' : null;
    },
  };
}
