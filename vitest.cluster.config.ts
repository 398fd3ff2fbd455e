import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** `npm run test:cluster`: deploy/test, the app scaled out behind nginx (not part of `npm test`). */
export default defineConfig({
  resolve: { alias: { '@shared': here('./shared'), '@server': here('./server/src') } },
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['deploy/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
