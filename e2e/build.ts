/**
 * The build the browser tests run against (`npm run test:e2e`). `TEST_SCOPE=database` — a second
 * run of `npm test` in the same checkout, on another database (.ci/run's PostgreSQL leg) — uses the
 * build already in dist/client instead of building it again; without one, it builds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.TEST_SCOPE === 'database' && existsSync('dist/client/index.html')) {
  console.log('TEST_SCOPE=database: the browser tests use the build in dist/client (not built again)');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
