import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { selectRows as rows, type Database } from './client';
import * as schema from './schema';

/**
 * Moving the data between databases of the same schema: `npm run db:export` (from the embedded
 * database, to move to PostgreSQL or as a backup) and `npm run db:import`. The file is JSON: every
 * row of every table, as PostgreSQL's json renders it. Uploaded files are not in it (they live in
 * the object storage: DATA_DIR/objects or S3). See docs/deploy.md.
 */
export const EXPORT_FORMAT = 'food-truck-finder-export';

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: 1;
  exportedAt: string;
  /** How many migrations the source had applied: import needs the same schema. */
  migrations: number;
  tables: Record<string, unknown[]>;
}

export class ImportRefused extends Error {}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TableInfo {
  name: string;
  /** Has a serial `id` whose sequence must move past imported ids. */
  serialId: boolean;
}

/** Every table of the schema, parents before children (foreign keys). */
export function tablesInOrder(): TableInfo[] {
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table));
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.some((t) => t.name === name) || path.has(name)) return;
    path.add(name);
    for (const fk of byName.get(name)?.foreignKeys ?? []) {
      const parent = getTableConfig(fk.reference().foreignTable).name;
      if (parent !== name) visit(parent, path);
    }
    const columns = byName.get(name)?.columns ?? [];
    ordered.push({ name, serialId: columns.some((c) => c.name === 'id' && /Serial/.test(c.columnType)) });
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered;
}

async function appliedMigrations(db: Pick<Database, 'execute'>): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}

export async function exportDatabase(db: Database): Promise<ExportFile> {
  return db.transaction(async (tx) => {
    // One snapshot of every table.
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const tables: Record<string, unknown[]> = {};
    for (const { name } of tablesInOrder()) {
      const [result] = await rows<{ rows: unknown[] | null }>(
        tx,
        sql.raw(`select json_agg(t) as rows from ${quote(name)} t`),
      );
      tables[name] = result?.rows ?? [];
    }
    return {
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: new Date().toISOString(),
      migrations: await appliedMigrations(tx),
      tables,
    };
  });
}

/**
 * Loads an export into an empty, migrated database in one transaction, with triggers off (the rows
 * already hold what they computed, e.g. rating totals), then moves every id sequence past the
 * imported ids. Refuses a database that already has users, or a file of another schema version.
 */
export async function importDatabase(db: Database, file: ExportFile): Promise<Record<string, number>> {
  if (file.format !== EXPORT_FORMAT || file.version !== 1)
    throw new ImportRefused('This is not a Food Truck Finder export file.');
  const migrations = await appliedMigrations(db);
  if (file.migrations !== migrations) {
    throw new ImportRefused(
      `The export was made with ${file.migrations} migrations applied, this database has ${migrations}: run the same version of the app on both.`,
    );
  }
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const [users] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from users`);
    if (Number(users?.n) > 0)
      throw new ImportRefused('The target database already has data: import into an empty one.');
    // Triggers (rating totals, session versions) and foreign-key checks off for this transaction.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const { name, serialId } of tablesInOrder()) {
      const tableRows = file.tables[name] ?? [];
      counts[name] = tableRows.length;
      if (tableRows.length === 0) continue;
      const table = sql.raw(quote(name));
      await tx.execute(
        sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${JSON.stringify(tableRows)}::json)`,
      );
      if (serialId) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${quote(name)}, 'id'), (select max(id) from ${table}))`,
        );
      }
    }
  });
  return counts;
}
