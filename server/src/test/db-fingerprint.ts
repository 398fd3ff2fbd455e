import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';

/**
 * Tables a refused request may legitimately change: rate-limit counters count refused attempts
 * too (that is their job, ADR 0110).
 */
const VOLATILE_TABLES = new Set(['rate_limits']);
/**
 * Columns written in the background after an earlier, successful request: a spoken answer's audio
 * is synthesized after the answer was sent (voice.service.ts).
 */
const BACKGROUND_COLUMNS: Record<string, string[]> = { voice_answers: ['audio_base64', 'content_type'] };

const tableRows = z.object({ rows: z.array(z.object({ table_name: z.string() })) });
const hashRows = z.object({ rows: z.array(z.object({ t: z.string(), h: z.string() })) });

/**
 * A hash of every row of every table of the app (except VOLATILE_TABLES), per table: equal before
 * and after a request proves the request changed nothing. Both drivers answer `{ rows }`.
 */
export async function dbFingerprint(db: Database): Promise<Record<string, string>> {
  const { rows: tables } = tableRows.parse(
    await db.execute(sql`select table_name::text as table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const names = tables.map((t) => t.table_name).filter((name) => !VOLATILE_TABLES.has(name));
  // Identifiers come from the catalogue, never from input; quote them anyway.
  const parts = names.map((name) => {
    const skipped = (BACKGROUND_COLUMNS[name] ?? []).map((c) => ` - '${c}'`).join('');
    const row = `(to_jsonb(x)${skipped})::text`;
    return `select '${name}' as t, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from "${name.replace(/"/g, '""')}" x`;
  });
  const { rows } = hashRows.parse(await db.execute(sql.raw(parts.join(' union all '))));
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}
