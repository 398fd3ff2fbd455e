import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'ftf-admin-create-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run admin:create` as a user runs it, on the embedded database under `dataDir`. */
function adminCreate(dataDir: string, args: string[]) {
  return promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['server/src/scripts/admin-create.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

describe('npm run admin:create on the embedded database', () => {
  it('says in one line to stop the server first while the server holds the database, with no stack trace', async () => {
    const dataDir = path.join(work, 'in-use');
    mkdirSync(dataDir, { recursive: true });
    // The running server's lock: a live process (this one) on this host.
    writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: process.pid, host: hostname() }));
    const run = await adminCreate(dataDir, ['--username', 'chief', '--password', 'long-enough-secret']);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      `Stop the server first (pid ${process.pid}): the embedded database serves one process, so \`npm run admin:create\` cannot open it while the server runs.`,
    ]);
    expect(run.stdout).toBe('');
  });
});
