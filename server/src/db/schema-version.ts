import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from './client';

const journal = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) });
const entries = journal.parse(
  JSON.parse(readFileSync(fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url)), 'utf8')),
).entries;

/** The schema this code expects: the newest migration of its journal (drizzle records its `when`). */
export const EXPECTED_SCHEMA_VERSION = Math.max(...entries.map((e) => e.when));

const versionRows = z.object({ rows: z.array(z.object({ version: z.coerce.number().nullable() })) });

/**
 * The newest migration applied to the database (drizzle's own table), or undefined when none is:
 * a database re-created empty, or its schema dropped. Throws what the database throws (a dropped
 * database: 3D000; no migrations table: 42P01), which the app answers as unavailable.
 */
export async function appliedSchemaVersion(db: DbOrTx): Promise<number | undefined> {
  const { rows } = versionRows.parse(
    await db.execute(sql`select max(created_at)::text as version from drizzle.__drizzle_migrations`),
  );
  return rows[0]?.version ?? undefined;
}
