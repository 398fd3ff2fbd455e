import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { importsQuerySchema, importSummarySchema, Page } from '@shared/contracts';
import type { TruckListingInfo } from '@shared/constants';
import type { Database, DbOrTx, Tx } from '../../db/client';
import {
  dataImportRows,
  dataImports,
  dataImportSkips,
  foodTrucks,
  truckListings,
  truckScheduleStops,
  users,
} from '../../db/schema';
import { fetchPage, substringPattern } from '../admin/admin-paging';
import { publishTruckEvents } from '../trucks/truck-events';
import { truckColumns, type TruckRow } from '../trucks/truck.repository';
import { checkRecord, SKIP, type ListingRow } from './listing-rows';
import { MalformedFileError, readRecords } from './records';

/** NOTIFYed when an import is queued: the data-imports worker starts at once. */
export const DATA_IMPORTS_CHANNEL = 'data_imports';
/** Rows staged (and the progress written) per batch. */
const BATCH = 500;

/** Where an import's uploaded file waits for the worker. */
export function importFilePath(dataDir: string, id: number): string {
  return path.join(dataDir, 'imports', `${id}.upload`);
}

type ImportRow = typeof dataImports.$inferSelect;

/** Takes the oldest queued import for this process (FOR UPDATE SKIP LOCKED: each import runs once). */
async function claimQueuedImport(db: Database): Promise<ImportRow | undefined> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: dataImports.id })
      .from(dataImports)
      .where(eq(dataImports.status, 'queued'))
      .orderBy(asc(dataImports.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [row] = await tx.update(dataImports).set({ status: 'running' }).where(eq(dataImports.id, next.id)).returning();
    return row;
  });
}

/**
 * Runs the queued imports, one at a time (the data-imports worker): stage the file's accepted rows
 * and its skips in batches, writing the progress as it goes, then apply them in one transaction.
 * A malformed file fails the import with its message and leaves the listings as they were.
 */
export async function runQueuedImports(db: Database, dataDir: string, now: () => Date = () => new Date()): Promise<number> {
  let handled = 0;
  for (let job = await claimQueuedImport(db); job; job = await claimQueuedImport(db)) {
    handled += 1;
    const file = importFilePath(dataDir, job.id);
    try {
      await stageImport(db, job, file, now());
      await applyImport(db, job);
    } catch (err) {
      const message = err instanceof MalformedFileError ? err.message : 'The import failed; nothing was changed';
      await db.delete(dataImportRows).where(eq(dataImportRows.importId, job.id));
      await db
        .update(dataImports)
        .set({ status: 'failed', message, finishedAt: new Date() })
        .where(eq(dataImports.id, job.id));
      if (!(err instanceof MalformedFileError)) throw err;
    } finally {
      await rm(file, { force: true });
    }
  }
  return handled;
}

async function stageImport(db: Database, job: ImportRow, file: string, now: Date): Promise<void> {
  const input = createReadStream(file);
  let staged: Array<{ line: number; row: ListingRow }> = [];
  let skips: Array<{ line: number; reason: string }> = [];
  let processed = 0;
  let skipped = 0;
  const flush = async () => {
    if (staged.length > 0) {
      // Rows of one source id in one batch become one row (a statement may not upsert a row twice).
      const bySource = new Map<string, { line: number; row: ListingRow }>();
      for (const item of staged) {
        const first = bySource.get(item.row.sourceId);
        if (first) first.row = { ...first.row, stops: [...first.row.stops, ...item.row.stops] };
        else bySource.set(item.row.sourceId, { ...item });
      }
      const values = [...bySource.values()].map(({ line, row }) => ({ importId: job.id, sourceId: row.sourceId, line, data: row }));
      // The schedule data set has one row per stop: rows of one source id add their stops together.
      await db
        .insert(dataImportRows)
        .values(values)
        .onConflictDoUpdate({
          target: [dataImportRows.importId, dataImportRows.sourceId],
          set: {
            data: sql`jsonb_set(${dataImportRows.data}, '{stops}', (${dataImportRows.data}->'stops') || (excluded.data->'stops'))`,
          },
        });
    }
    if (skips.length > 0) await db.insert(dataImportSkips).values(skips.map((s) => ({ importId: job.id, ...s })));
    skipped += skips.length;
    await db
      .update(dataImports)
      .set({ processed, skippedCount: skipped, bytesRead: Math.min(input.bytesRead, 2_147_483_647) })
      .where(eq(dataImports.id, job.id));
    staged = [];
    skips = [];
  };
  const seen = new Set<string>();
  const mergesStops = job.mapping.dayOfWeek !== undefined;
  for await (const record of readRecords(input, job.format)) {
    processed += 1;
    const verdict = checkRecord(record, job.mapping, now, job.timeZone);
    if ('skip' in verdict) skips.push({ line: record.line, reason: verdict.skip });
    else if (!mergesStops && seen.has(verdict.row.sourceId)) skips.push({ line: record.line, reason: SKIP.duplicate(verdict.row.sourceId) });
    else {
      seen.add(verdict.row.sourceId);
      staged.push({ line: record.line, row: verdict.row });
    }
    if (staged.length + skips.length >= BATCH) await flush();
  }
  await flush();
}

function listingInfo(job: ImportRow, row: ListingRow): TruckListingInfo {
  return {
    sourceName: job.sourceName,
    licence: job.licence,
    sourceUpdatedAt: row.sourceUpdatedAt ?? job.createdAt.toISOString(),
  };
}

function truckValues(job: ImportRow, row: ListingRow) {
  return {
    name: row.name,
    description: row.description,
    cuisine: row.cuisine,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    timeZone: job.timeZone,
    listing: listingInfo(job, row),
    retiredAt: null,
  };
}

/** A listing's weekly stops as rows: one per weekday (a listing's hours are where it usually is, not overlapping stops). */
function stopRows(truckId: number, row: ListingRow) {
  const seen = new Set<number>();
  return row.stops
    .filter((stop) => {
      if (seen.has(stop.weekday)) return false;
      seen.add(stop.weekday);
      return true;
    })
    .map((stop) => ({
      foodTruckId: truckId,
      kind: 'weekly',
      weekday: stop.weekday,
      startMinute: stop.startMinute,
      endMinute: stop.endMinute,
      latitude: row.latitude,
      longitude: row.longitude,
      address: row.address ?? row.name,
    }));
}

async function replaceStops(tx: Tx, truckId: number, row: ListingRow): Promise<void> {
  await tx.delete(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, truckId));
  const values = stopRows(truckId, row);
  if (values.length > 0) await tx.insert(truckScheduleStops).values(values);
}

function listingValuesOf(job: ImportRow, row: ListingRow) {
  return {
    foodWords: row.foodWords,
    phone: row.phone,
    importId: job.id,
    sourceUpdatedAt: row.sourceUpdatedAt ? new Date(row.sourceUpdatedAt) : null,
    updatedAt: new Date(),
  };
}

/**
 * A new listing's columns as they leave the server, but for its menu labels: a truck created in this
 * statement has no menu items, and the labels' subquery per returned row was about a tenth of the
 * insert's CPU time on PGlite.
 */
const { menuLabels: _noMenuYet, ...newListingColumns } = truckColumns;

/**
 * Creates a batch's new listings in three statements (trucks, listings, stops) instead of three per
 * row: the trucks' ids are drawn from their sequence first, so each listing and stop knows its truck.
 */
async function createListings(tx: Tx, job: ImportRow, rows: ListingRow[]): Promise<TruckRow[]> {
  if (rows.length === 0) return [];
  const ids = await tx
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('food_trucks', 'id'))::int` })
    .from(sql`generate_series(1, ${rows.length})`);
  const withIds = rows.map((row, i) => ({ row, id: ids[i]!.id }));
  const inserted = await tx
    .insert(foodTrucks)
    .values(withIds.map(({ row, id }) => ({ id, ...truckValues(job, row) })))
    .returning(newListingColumns);
  const trucks: TruckRow[] = inserted.map((truck) => ({ ...truck, menuLabels: [] }));
  await tx
    .insert(truckListings)
    .values(withIds.map(({ row, id }) => ({ foodTruckId: id, source: job.source, sourceId: row.sourceId, ...listingValuesOf(job, row) })));
  const stops = withIds.flatMap(({ row, id }) => stopRows(id, row));
  for (let i = 0; i < stops.length; i += BATCH) await tx.insert(truckScheduleStops).values(stops.slice(i, i + BATCH));
  return trucks;
}

/**
 * The one transaction that makes the staged rows the source's listings: creates the new ones,
 * refreshes the ones it has (by source id, never a duplicate; a retired one comes back), retires the
 * source's unclaimed listings the file no longer has, and publishes each change as a truck event.
 */
async function applyImport(db: Database, job: ImportRow): Promise<void> {
  await db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    const changed: TruckRow[] = [];
    for (let after = 0; ; ) {
      const batch = await tx
        .select()
        .from(dataImportRows)
        .where(and(eq(dataImportRows.importId, job.id), gt(dataImportRows.id, after)))
        .orderBy(asc(dataImportRows.id))
        .limit(BATCH);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.id;
      const existing = await tx
        .select({ truckId: truckListings.foodTruckId, sourceId: truckListings.sourceId, operatorId: foodTrucks.operatorId })
        .from(truckListings)
        .innerJoin(foodTrucks, eq(foodTrucks.id, truckListings.foodTruckId))
        .where(and(eq(truckListings.source, job.source), inArray(truckListings.sourceId, batch.map((r) => r.sourceId))));
      const bySource = new Map(existing.map((e) => [e.sourceId, e]));
      const fresh: ListingRow[] = [];
      for (const staged of batch) {
        const row = staged.data as ListingRow;
        const known = bySource.get(row.sourceId);
        if (known) {
          await tx.update(truckListings).set(listingValuesOf(job, row)).where(eq(truckListings.foodTruckId, known.truckId));
          // A claimed listing is its operator's truck now: the source no longer writes over it.
          // The where clause checks again: a claim approved since `existing` was read (it locks the
          // truck row) leaves the update with no row, and the stops as the operator has them.
          if (known.operatorId === null) {
            const [truck] = await tx
              .update(foodTrucks)
              .set(truckValues(job, row))
              .where(and(eq(foodTrucks.id, known.truckId), isNull(foodTrucks.operatorId)))
              .returning(truckColumns);
            if (truck) {
              await replaceStops(tx, known.truckId, row);
              changed.push(truck);
            }
          }
          updated += 1;
        } else {
          fresh.push(row);
        }
      }
      const made = await createListings(tx, job, fresh);
      changed.push(...made);
      created += made.length;
    }
    await publishTruckEvents(tx, 'updated', changed);
    const retired = await retireVanished(tx, job);
    await publishTruckEvents(tx, 'removed', retired);
    await tx.delete(dataImportRows).where(eq(dataImportRows.importId, job.id));
    await tx
      .update(dataImports)
      .set({ status: 'done', created, updated, retired: retired.length, finishedAt: new Date() })
      .where(eq(dataImports.id, job.id));
  });
}

/** The source's unclaimed, unretired listings that this import's file no longer has. */
async function retireVanished(tx: Tx, job: ImportRow): Promise<TruckRow[]> {
  const kept = tx.select({ sourceId: dataImportRows.sourceId }).from(dataImportRows).where(eq(dataImportRows.importId, job.id));
  const vanished = tx
    .select({ id: truckListings.foodTruckId })
    .from(truckListings)
    .where(and(eq(truckListings.source, job.source), notInArray(truckListings.sourceId, kept)));
  return tx
    .update(foodTrucks)
    .set({ retiredAt: new Date() })
    .where(and(inArray(foodTrucks.id, vanished), isNull(foodTrucks.operatorId), isNull(foodTrucks.retiredAt)))
    .returning(truckColumns);
}

/** An import's report: its counters, and every skipped row (line and reason) in line order. */
export async function importReport(db: DbOrTx, id: number) {
  const [job] = await db.select().from(dataImports).where(eq(dataImports.id, id)).limit(1);
  if (!job) return undefined;
  const skipped = await db
    .select({ line: dataImportSkips.line, reason: dataImportSkips.reason })
    .from(dataImportSkips)
    .where(eq(dataImportSkips.importId, id))
    .orderBy(asc(dataImportSkips.line), asc(dataImportSkips.id))
    .limit(1000);
  return {
    id: job.id,
    status: job.status,
    preset: job.preset,
    format: job.format,
    fileName: job.fileName,
    sourceName: job.sourceName,
    licence: job.licence,
    fileBytes: job.fileBytes,
    bytesRead: job.bytesRead,
    processed: job.processed,
    created: job.created,
    updated: job.updated,
    retired: job.retired,
    skippedCount: job.skippedCount,
    skipped,
    message: job.message,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/**
 * GET /api/admin/imports: past imports, newest first by id cursor (the admin list's paging); search
 * matches the file name or the source's name.
 */
export async function listImports(
  db: Database,
  query: z.output<typeof importsQuerySchema>,
): Promise<Page<z.output<typeof importSummarySchema>>> {
  const pattern = query.search ? substringPattern(query.search) : undefined;
  const where = pattern
    ? or(sql`lower(${dataImports.fileName}) like ${pattern}`, sql`lower(${dataImports.sourceName}) like ${pattern}`)
    : undefined;
  return fetchPage(
    db
      .select({
        id: dataImports.id,
        status: dataImports.status,
        preset: dataImports.preset,
        format: dataImports.format,
        fileName: dataImports.fileName,
        sourceName: dataImports.sourceName,
        licence: dataImports.licence,
        fileBytes: dataImports.fileBytes,
        bytesRead: dataImports.bytesRead,
        processed: dataImports.processed,
        created: dataImports.created,
        updated: dataImports.updated,
        retired: dataImports.retired,
        skippedCount: dataImports.skippedCount,
        message: dataImports.message,
        createdAt: dataImports.createdAt,
        finishedAt: dataImports.finishedAt,
        adminUsername: users.username,
      })
      .from(dataImports)
      .leftJoin(users, eq(users.id, dataImports.adminId))
      .where(and(where, query.cursor ? lt(dataImports.id, query.cursor) : undefined))
      .orderBy(desc(dataImports.id))
      .limit(query.limit),
    db.select({ n: count() }).from(dataImports).where(where),
    query.limit,
  );
}
