/**
 * The first step of `npm test` and `npm run test:e2e` (their `pre` scripts in package.json): what the
 * tests need from the system and npm cannot install, checked before any test starts. A missing
 * piece is one line naming the command that installs it, instead of a wall of browser-launch errors
 * after the unit tests.
 */
import { accessSync, constants } from 'node:fs';
import { CHROMIUM_EXECUTABLE } from './chromium-flags';

try {
  accessSync(CHROMIUM_EXECUTABLE, constants.X_OK);
} catch {
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${CHROMIUM_EXECUTABLE}` : CHROMIUM_EXECUTABLE;
  console.error(
    `npm test: the browser tests need Chromium at ${where}, which is missing: install it with ` +
      '`apt-get install -y chromium fonts-liberation` (as root), or set CHROMIUM_PATH to a Chromium.',
  );
  process.exit(1);
}
