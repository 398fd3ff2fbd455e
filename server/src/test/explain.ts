import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';

/** A Drizzle query, not yet run. */
export interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/** Both drivers answer `{ rows }`. */
const planResult = z.object({ rows: z.array(z.object({ 'QUERY PLAN': z.string() })) });

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * EXPLAIN of exactly the SQL a Drizzle query runs (its parameters inlined as literals; for tests
 * and the benchmark only, never with user input). Returns the plan lines.
 */
export async function explain(
  db: DbOrTx,
  query: BuiltQuery,
  options: { analyze?: boolean } = {},
): Promise<string[]> {
  const built = query.toSQL();
  const text = built.sql.replace(/\$(\d+)/g, (_m, n: string) => literal(built.params[Number(n) - 1]));
  const result = await db.execute(
    sql.raw(`explain ${options.analyze ? '(analyze, buffers off) ' : ''}${text}`),
  );
  return planResult.parse(result).rows.map((r) => r['QUERY PLAN']);
}
