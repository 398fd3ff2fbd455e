import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { appChunkGroup, screenChunkGroup } from './app-chunk';

type Graph = Record<string, { imports?: string[]; lazy?: boolean; entry?: boolean }>;

const chunking = { app: '/src/app-main.tsx', entries: ['/src/main.tsx'] };

/** The group's chunk name for each module of `graph` (null: left to Rolldown's own splitting). */
function chunkOf(graph: Graph, group: Rolldown.CodeSplittingGroup = appChunkGroup(chunking)) {
  const info = (id: string) => {
    const module = graph[id];
    if (!module) return null;
    const importers = Object.keys(graph).filter((other) => graph[other]?.imports?.includes(id));
    return {
      id,
      isEntry: module.entry ?? false,
      importers,
      importedIds: module.imports ?? [],
      dynamicImporters: module.lazy ? ['/src/router.tsx'] : [],
      // The page's entry stands for every importer on demand.
      dynamicallyImportedIds: module.entry ? Object.keys(graph).filter((other) => graph[other]?.lazy) : [],
    } as unknown as Rolldown.ModuleInfo;
  };
  if (typeof group.name !== 'function') throw new Error('the group names its modules by a function');
  const name = group.name;
  return (id: string) => name(id, { getModuleInfo: info });
}

describe('the app chunk: what every route loads, as one file', () => {
  const graph: Graph = {
    '/src/main.tsx': { entry: true, imports: ['/src/lib/storage.ts'] },
    '/src/lib/storage.ts': {},
    '/src/app-main.tsx': {
      lazy: true,
      imports: [
        '/node_modules/react-dom/index.js',
        '/src/lib/storage.ts',
        '/src/router.tsx',
        '/shared/contracts/index.ts',
        '/node_modules/lucide-react/dist/esm/lucide-react.mjs',
      ],
    },
    '/node_modules/react-dom/index.js': {},
    '/src/router.tsx': { imports: ['/src/lib/api-client.ts'] },
    '/src/lib/api-client.ts': {},
    '/shared/contracts/index.ts': { imports: ['/shared/contracts/trucks.ts'] },
    '/shared/contracts/trucks.ts': { imports: ['/node_modules/zod/index.js'] },
    '/node_modules/zod/index.js': {},
    '/node_modules/lucide-react/dist/esm/lucide-react.mjs': {
      imports: ['/node_modules/lucide-react/dist/esm/icons/map.mjs'],
    },
    '/node_modules/lucide-react/dist/esm/icons/map.mjs': {},
    '/src/routes/find-trucks.tsx': {
      lazy: true,
      imports: ['/src/lib/api-client.ts', '/src/components/badge.tsx'],
    },
    '/src/components/badge.tsx': {},
  };
  const chunk = chunkOf(graph);

  it('holds what the app module imports, through any chain', () => {
    expect(chunk('/node_modules/react-dom/index.js')).toBe('app');
    expect(chunk('/src/router.tsx')).toBe('app');
    expect(chunk('/src/lib/api-client.ts')).toBe('app');
  });

  it("leaves the page's first script its own modules, and every lazily loaded module its own chunk", () => {
    expect(chunk('/src/lib/storage.ts')).toBeNull();
    expect(chunk('/src/main.tsx')).toBeNull();
    expect(chunk('/src/app-main.tsx')).toBeNull();
    expect(chunk('/src/routes/find-trucks.tsx')).toBeNull();
    // Only a route uses it: the route's own, not every page's.
    expect(chunk('/src/components/badge.tsx')).toBeNull();
  });

  it('does not follow a barrel: the schemas (zod) and the icons it re-exports stay with the screens that use them', () => {
    expect(chunk('/shared/contracts/index.ts')).toBeNull();
    expect(chunk('/shared/contracts/trucks.ts')).toBeNull();
    expect(chunk('/node_modules/zod/index.js')).toBeNull();
    expect(chunk('/node_modules/lucide-react/dist/esm/icons/map.mjs')).toBeNull();
  });
});

describe("a screen's chunk: what it shares with other screens, as one file", () => {
  const graph: Graph = {
    '/src/main.tsx': { entry: true },
    '/src/app-main.tsx': { lazy: true, imports: ['/src/router.tsx'] },
    '/src/router.tsx': { imports: ['/src/lib/api-client.ts'] },
    '/src/lib/api-client.ts': {},
    '/src/routes/find-trucks.tsx': {
      lazy: true,
      imports: ['/src/lib/api-client.ts', '/src/components/badge.tsx', '/src/features/trucks/list.tsx'],
    },
    '/src/features/trucks/list.tsx': { imports: ['/src/entities/truck/format.ts'] },
    '/src/entities/truck/format.ts': {},
    '/src/components/badge.tsx': {},
    '/src/routes/truck-share.tsx': {
      lazy: true,
      imports: ['/src/components/badge.tsx', '/src/entities/truck/format.ts'],
    },
    '/src/routes/admin.tsx': { lazy: true, imports: ['/src/components/table.tsx'] },
    '/src/components/table.tsx': {},
  };
  const chunk = chunkOf(
    graph,
    screenChunkGroup({ ...chunking, name: 'diner', screen: '/src/routes/find-trucks.tsx' }),
  );

  it('holds what the screen shares with another screen', () => {
    expect(chunk('/src/components/badge.tsx')).toBe('diner');
    expect(chunk('/src/entities/truck/format.ts')).toBe('diner');
  });

  it("leaves the screen's own modules in its chunk, the app's in the app's, and what it does not use out", () => {
    expect(chunk('/src/features/trucks/list.tsx')).toBeNull();
    expect(chunk('/src/lib/api-client.ts')).toBeNull();
    expect(chunk('/src/components/table.tsx')).toBeNull();
    expect(chunk('/src/routes/truck-share.tsx')).toBeNull();
  });
});
