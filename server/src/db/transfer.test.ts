import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { openDatabase } from './client';
import { foodTrucks, truckRatings, userFavorites, users } from './schema';
import { seedDemoData } from './seed';
import type { ExportFile } from './transfer';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'ftf-transfer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs one of the npm scripts as a user would, with this environment. */
async function script(name: string, args: string[], env: Record<string, string>) {
  return promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), [`server/src/scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

describe('npm run db:export / db:import (moving from the embedded database to PostgreSQL, or restoring a backup)', () => {
  it('moves every row, keeps computed totals and passwords, and lets new rows get fresh ids', async () => {
    // The source: an embedded database with the demo data, a rating (trigger-kept totals) and a favourite.
    const sourceDir = path.join(work, 'source');
    const source = await openDatabase({ dataDir: path.join(sourceDir, 'pglite') });
    await seedDemoData(source.db);
    const [customer] = await source.db.select().from(users).where(eq(users.username, 'demo_customer'));
    const [truck] = await source.db.select().from(foodTrucks).orderBy(asc(foodTrucks.id)).limit(1);
    if (!customer || !truck) throw new Error('no demo data');
    await source.db.insert(truckRatings).values({ userId: customer.id, foodTruckId: truck.id, stars: 4 });
    await source.db.insert(userFavorites).values({ userId: customer.id, foodTruckId: truck.id });
    const sourceUsers = await source.db.select().from(users).orderBy(asc(users.id));
    await source.close();

    const out = path.join(work, 'export.json');
    const exported = await script('db-export', ['--out', out], { DATA_DIR: sourceDir });
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/^Exported \d+ rows of \d+ tables to /);
    const file = JSON.parse(readFileSync(out, 'utf8')) as ExportFile;

    // The target: PostgreSQL when the suite runs on it, else another embedded database.
    const target = await createTestDatabase();
    const targetDir = path.join(work, 'target');
    let targetEnv: Record<string, string> = { DATA_DIR: targetDir };
    if (target.url) targetEnv = { ...targetEnv, DATABASE_URL: target.url };
    else await target.handle.close();
    try {
      const imported = await script('db-import', [out], targetEnv);
      expect(imported.stderr).toBe('');
      expect(imported.stdout).toMatch(/^Imported \d+ rows into \d+ tables\.$/m);

      const db = target.url ? target.handle : await openDatabase({ dataDir: path.join(targetDir, 'pglite') });
      try {
        expect(await db.db.select().from(users).orderBy(asc(users.id))).toEqual(sourceUsers);
        const [rated] = await db.db.select().from(foodTrucks).where(eq(foodTrucks.id, truck.id));
        // Triggers were off during the import: the totals are the source's, not counted twice.
        expect(rated).toMatchObject({ ratingSum: 4, ratingCount: 1 });
        expect(await db.db.select().from(foodTrucks)).toHaveLength(file.tables.food_trucks?.length ?? -1);
        expect(await db.db.select().from(userFavorites)).toHaveLength(file.tables.user_favorites?.length ?? -1);
        // Sequences moved past the imported ids: a new account gets a fresh id.
        const [fresh] = await db.db
          .insert(users)
          .values({ phone: '+15125550199', passwordHash: 'x', role: 'customer' })
          .returning({ id: users.id });
        expect(fresh?.id).toBeGreaterThan(Math.max(...sourceUsers.map((u) => u.id)));
      } finally {
        if (!target.url) await db.close();
      }

      // A second import into a database that has data is refused, and changes nothing.
      const again = await script('db-import', [out], targetEnv);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe('The target database already has data: import into an empty one.');
    } finally {
      if (target.url) await target.drop();
    }
  }, 120_000);
});
