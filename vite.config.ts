import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appChunkGroup, screenChunkGroup } from './client/build/app-chunk';
import { compileHints, runsOnFirstScreen } from './client/build/compile-hints';
import { glyphs } from './client/build/glyphs';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
 * highest levels; the server sends the one the browser accepts (@fastify/static preCompressed).
 * Uncompressed, /find-trucks cost a phone on slow 4G about 1 MB of JavaScript instead of 250 KB.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'ftf-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? here('./dist/client');
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css|html|svg|json|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(dir, file));
          if (source.length < 1024) return;
          await writeFile(
            path.join(dir, `${file}.br`),
            await brotli(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          );
          await writeFile(path.join(dir, `${file}.gz`), await gz(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The server-render bundle (`vite build --ssr`, ADR 0166): client/src/entry-server.tsx and the
 * screens it renders, for Node, in dist/server. The server imports it; packages stay in node_modules.
 */
const serverRender = defineConfig({
  root: here('./client'),
  publicDir: false,
  plugins: [react()],
  resolve: { alias: { '@shared': here('./shared'), '@client': here('./client/src') } },
  build: {
    outDir: here('./dist/server'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { input: here('./client/src/entry-server.tsx') },
  },
});

/** The app module and the page's entries, for client/build/app-chunk.ts's groups. */
const chunking = {
  app: here('./client/src/app-main.tsx'),
  entries: [here('./client/src/main.tsx'), here('./client/src/embed/embed.ts')],
};

/** Each first screen's chunk of the modules it shares with later screens (ADR 0177), by its screen. */
const SCREEN_GROUPS = (
  [
    ['diner', 'app/routes/find-trucks.tsx'],
    ['map', 'features/map/components/truck-map.tsx'],
    ['voice', 'features/voice/components/voice-assistant.tsx'],
    ['truck-page', 'app/routes/truck-share.tsx'],
    ['customer', 'app/routes/favorites.tsx'],
    ['operator', 'app/routes/operator-dashboard.tsx'],
  ] as const
).map(([name, screen]) => [name, here(`./client/src/${screen}`)] as const);
// The voice assistant's chunk is mostly recording and playback, which run only once a diner asks.
const FIRST_SCREENS = SCREEN_GROUPS.filter(([name]) => name !== 'voice');

const browser = defineConfig({
  root: here('./client'),
  publicDir: here('./client/public'),
  plugins: [
    react(),
    tailwindcss(),
    glyphs(),
    // The installable app (issue 29, ADR 0160): the manifest, and client/src/sw.ts built into /sw.js
    // with the shell's precache list. main.tsx registers it after the page has loaded.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/find-trucks',
        name: 'Food Truck Finder',
        short_name: 'Food Trucks',
        description: 'Find your favorite food trucks in real time.',
        start_url: '/find-trucks',
        scope: '/',
        display: 'standalone',
        theme_color: '#ea580c',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell: the app's scripts, styles and icons — not the voice models or source maps.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['**/*.map', 'embed*', '**/embed-*'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
    compileHints(
      runsOnFirstScreen({
        chunks: ['react-dom', 'app', ...FIRST_SCREENS.map(([name]) => name)],
        screens: [chunking.app, ...FIRST_SCREENS.map(([, screen]) => screen)],
      }),
    ),
    precompress(),
  ],
  resolve: { alias: { '@shared': here('./shared'), '@client': here('./client/src') } },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle-size.ts reads which chunks each route loads from it.
    manifest: true,
    rollupOptions: {
      output: {
        // What every route loads, as two files rather than 15 (React DOM, two thirds of it, on its
        // own, so that the two download side by side); then what each first screen of issue 33
        // shares with other screens, a file per screen, in the order of whose first visit counts
        // most: a module goes to the first screen's chunk that uses it (client/build/app-chunk.ts,
        // ADR 0177).
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            appChunkGroup(chunking),
            ...SCREEN_GROUPS.map(([name, screen]) => screenChunkGroup({ ...chunking, name, screen })),
          ],
        },
      },
      input: {
        index: here('./client/index.html'),
        // The embed card's script (server/src/modules/share): its own entry, none of the React app.
        embed: here('./client/src/embed/embed.ts'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/objects': 'http://127.0.0.1:5000',
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRender : browser));
