import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is used exactly like the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

/** Rows of a raw query (both drivers answer `{ rows }`). */
export async function selectRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type NotificationListener = (payload: string) => void;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: NotificationListener): Promise<() => Promise<void>>;
  /**
   * `fn` runs when notifications may have been missed: PostgreSQL's LISTEN connection dropped, and
   * again once it listens again (what was NOTIFYed in between is lost). The embedded database
   * never loses them. Returns the unsubscribe function.
   */
  onNotificationGap(fn: () => void): () => void;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = ADVISORY_LOCKS.migrations;

/** close() may be called by several owners (app shutdown, test teardown); the first call wins. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set the embedded database is not used. */
  url?: string;
  /** Folder of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * Embedded database in memory: start from this copy of a data folder (`dumpDataDir`), e.g. the
   * migrated snapshot the tests copy per file. The migrations still run (a no-op when it is current).
   */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /** PostgreSQL: a connection not made within this fails (default 5 s), so requests get 503, not a hang. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: a query not answered within this fails on the client (default 30 s) — a database
   * that stopped answering without closing the connection (a network cut) cannot hold requests.
   */
  queryTimeoutMs?: number;
}

export const POSTGRES_TIMEOUT_DEFAULTS = { connectTimeoutMs: 5000, queryTimeoutMs: 30_000 };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? await openPostgres(options.url, {
        max: options.poolMax ?? 10,
        connectTimeoutMs: options.connectTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.connectTimeoutMs,
        queryTimeoutMs: options.queryTimeoutMs ?? POSTGRES_TIMEOUT_DEFAULTS.queryTimeoutMs,
      })
    : await openPglite(options.dataDir, options.loadDataDir);
  await handle.migrate();
  return handle;
}

/** The embedded database's folder is held by another live process (`holderPid` when known). */
export class DataDirInUse extends Error {
  constructor(
    message: string,
    readonly holderPid?: number,
  ) {
    super(message);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database serves one process: a second PGlite on the same folder would corrupt it.
 * `<dir>.lock` names the holder (pid and host); a lock left by a process that is gone (killed,
 * crashed) is taken over. Returns the release function.
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const mine = JSON.stringify({ pid: process.pid, host: hostname() });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: { pid?: number; host?: string } = {};
    try {
      holder = JSON.parse(readFileSync(file, 'utf8')) as typeof holder;
    } catch {
      /* unreadable or half-written: treat as stale */
    }
    const elsewhere = holder.host !== undefined && holder.host !== hostname();
    if (elsewhere || (typeof holder.pid === 'number' && isAlive(holder.pid))) {
      throw new DataDirInUse(
        `The embedded database in ${dir} is in use by another process (pid ${holder.pid ?? '?'} on ${holder.host ?? '?'}). ` +
          'It serves one process: stop the other one, or set DATABASE_URL to a PostgreSQL database to run several (docs/deploy.md).',
        holder.pid,
      );
    }
    try {
      unlinkSync(file);
    } catch {
      /* another process took it over first: try again */
    }
  }
  throw new DataDirInUse(`Could not lock the embedded database in ${dir}.`);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle & { migrate(): Promise<void> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { cube, earthdistance, pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      return () => unsubscribe();
    },
    onNotificationGap: () => () => {},
    close: once(async () => {
      await client.close();
      unlock();
    }),
  };
}

/** How long close() waits for checked-out connections to be given back before cutting them. */
const CLOSE_GRACE_MS = 5000;

async function openPostgres(
  url: string,
  options: { max: number; connectTimeoutMs: number; queryTimeoutMs: number },
): Promise<DatabaseHandle & { migrate(): Promise<void> }> {
  // Timeouts: with the database gone quiet, a request fails (503) instead of waiting for ever.
  // keepAlive: a connection whose peer vanished is found and dropped by the operating system.
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: options.connectTimeoutMs,
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...connection, max: options.max, query_timeout: options.queryTimeoutMs });
  // A client whose connection drops (PostgreSQL restarted, the network cut) must not crash the
  // process: the pool handles idle ones ('error'); one checked out — between the statements of a
  // transaction — would emit an unhandled 'error' (found by database-outage.api.test.ts). Its
  // query in flight fails by itself, and the pool drops it when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // Checked out now: what close() cuts if its holder never gives it back.
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let listener: pg.Client | undefined;
  let closing = false;
  const channels = new Map<string, Set<NotificationListener>>();
  const gapListeners = new Set<() => void>();
  const gap = () => {
    for (const fn of gapListeners) fn();
  };

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client(connection);
    await client.connect();
    if (closing) {
      // Closed while this one was connecting (a reconnect after an outage): nobody would end it.
      await client.end().catch(() => {});
      throw new Error('database closed');
    }
    client.on('notification', (msg) => {
      for (const fn of channels.get(msg.channel) ?? []) fn(msg.payload ?? '');
    });
    const lost = () => {
      if (listener !== client || closing) return;
      // Reconnect and re-LISTEN; meanwhile (and once back) the gap listeners hear of it: event
      // streams restart, and their clients resume from the truck_events table with Last-Event-ID.
      listener = undefined;
      client.end().catch(() => {});
      gap();
      setTimeout(() => void relisten(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    listener = client;
    return client;
  }
  async function relisten() {
    if (closing) return;
    try {
      const client = await listenerClient();
      for (const channel of channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      gap();
    } catch {
      listener?.end().catch(() => {});
      listener = undefined;
      setTimeout(() => void relisten(), 2000).unref();
    }
  }

  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // A connection of its own, without the query timeout: a migration may take long.
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: options.connectTimeoutMs,
      });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    listen: async (channel, onNotify) => {
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        await (await listenerClient()).query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    onNotificationGap: (fn) => {
      gapListeners.add(fn);
      return () => gapListeners.delete(fn);
    },
    close: once(async () => {
      closing = true;
      await listener?.end().catch(() => {});
      // pool.end() waits until every checked-out connection is given back. Shutdown must not wait
      // for ever on one that never is (its holder stuck after an outage): after a grace period
      // the connections still out are cut — their queries fail, their holders release them.
      const ended = pool.end();
      const cut = setTimeout(() => {
        process.emitWarning(
          `closing the database: ${checkedOut.size} connection(s) still checked out after ${CLOSE_GRACE_MS} ms; cut`,
        );
        for (const client of checkedOut) client.release(new Error('database closing'));
        checkedOut.clear();
      }, CLOSE_GRACE_MS);
      await ended.finally(() => clearTimeout(cut));
    }),
  };
}
