import type { Plugin, Rolldown } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every function
 * of a file that starts with it is compiled as the file streams in, on a background thread, instead
 * of on the main thread the first time each is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type ChunkFacts = Pick<Rolldown.OutputChunk, 'name' | 'isEntry' | 'facadeModuleId'>;

/** Which chunks a first screen runs: the page's entries, and the named chunks and screens given. */
export function runsOnFirstScreen({
  chunks,
  screens,
}: {
  /** Chunks by name: code-splitting groups (`react-dom`, `app`, each screen's group). */
  chunks: readonly string[];
  /** Modules loaded on demand whose own chunk a first screen runs (routes, the map). */
  screens: readonly string[];
}): (chunk: ChunkFacts) => boolean {
  const named = new Set(chunks);
  const screenModules = new Set(screens);
  return (chunk) =>
    chunk.isEntry ||
    named.has(chunk.name) ||
    (chunk.facadeModuleId !== null && screenModules.has(chunk.facadeModuleId));
}

/**
 * The compile hint as the first line of each chunk a first screen runs (`runsOnFirstScreen`), and
 * nothing on the rest; each one's source map moves down a line with it.
 *
 * A first visit to /find-trucks compiled 150-190 ms of functions lazily on a 4× slowed phone's main
 * thread (React DOM's hydration, TanStack Query, Leaflet), most of them run by then. Eager
 * compilation costs background threads and memory for the functions a file never calls, so the
 * hint goes only where most are called on load (docs/performance.md, session 45). Last of the
 * bundle's hooks: the hint must be the file's very first line, and Vite's preloading puts a line of
 * its own at the top of chunks that load others.
 */
export function compileHints(wanted: (chunk: ChunkFacts) => boolean): Plugin {
  return {
    name: 'ftf-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !wanted(chunk)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // A source map's mappings hold one group per generated line, split by ';'.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
