import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, runsOnFirstScreen } from './compile-hints';

const firstScreen = runsOnFirstScreen({
  chunks: ['react-dom', 'app', 'diner'],
  screens: ['/src/app-main.tsx', '/src/app/routes/find-trucks.tsx'],
});

const chunk = (name: string, facadeModuleId: string | null, isEntry = false) => ({
  name,
  facadeModuleId,
  isEntry,
});

describe('which chunks a first screen runs', () => {
  it('takes the page entries, the named chunks and the screens’ own chunks', () => {
    expect(firstScreen(chunk('index', '/index.html', true))).toBe(true);
    expect(firstScreen(chunk('react-dom', null))).toBe(true);
    expect(firstScreen(chunk('diner', null))).toBe(true);
    expect(firstScreen(chunk('find-trucks', '/src/app/routes/find-trucks.tsx'))).toBe(true);
    expect(firstScreen(chunk('app-main', '/src/app-main.tsx'))).toBe(true);
  });

  it('leaves the screens reached later and the shared leftovers alone', () => {
    expect(firstScreen(chunk('admin', '/src/app/routes/admin.tsx'))).toBe(false);
    expect(firstScreen(chunk('common', null))).toBe(false);
    expect(firstScreen(chunk('voice', null))).toBe(false);
  });
});

/** A bundle of one hinted chunk (with Vite's preload line on top) and one chunk left alone. */
function bundle(): Rolldown.OutputBundle {
  const output = (fileName: string, name: string, code: string, mappings: string) => ({
    [fileName]: {
      type: 'chunk',
      fileName,
      name,
      isEntry: false,
      facadeModuleId: null,
      code,
      map: { mappings },
    },
    [`${fileName}.map`]: {
      type: 'asset',
      fileName: `${fileName}.map`,
      source: JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings }),
    },
  });
  return {
    ...output('assets/diner-1.js', 'diner', 'const __vite__mapDeps=0;\nexport{a};', 'AAAA;AACA'),
    ...output('assets/admin-2.js', 'admin', 'export{b};', 'AAAA'),
  } as unknown as Rolldown.OutputBundle;
}

function generate(files: Rolldown.OutputBundle) {
  const plugin = compileHints(firstScreen);
  const hook = plugin.generateBundle;
  if (!hook || typeof hook !== 'object') throw new Error('the hint is added by an ordered hook');
  expect(hook.order).toBe('post');
  (hook.handler as (options: unknown, bundle: Rolldown.OutputBundle) => void).call({}, {}, files);
  return files;
}

describe('the compile hint in the build', () => {
  it('is the very first line of a first screen’s chunk, above Vite’s preload line, its map a line lower', () => {
    const files = generate(bundle());
    const diner = files['assets/diner-1.js'] as Rolldown.OutputChunk;
    expect(diner.code.split('\n')).toEqual([COMPILE_HINT, 'const __vite__mapDeps=0;', 'export{a};']);
    expect(diner.map?.mappings).toBe(';AAAA;AACA');
    const map = files['assets/diner-1.js.map'] as Rolldown.OutputAsset;
    expect(JSON.parse(String(map.source))).toMatchObject({ version: 3, mappings: ';AAAA;AACA' });
  });

  it('leaves any other chunk and its map as they were', () => {
    const files = generate(bundle());
    expect((files['assets/admin-2.js'] as Rolldown.OutputChunk).code).toBe('export{b};');
    expect(JSON.parse(String((files['assets/admin-2.js.map'] as Rolldown.OutputAsset).source)).mappings).toBe(
      'AAAA',
    );
  });
});
