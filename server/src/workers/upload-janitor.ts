import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { tryAdvisoryXactLock } from '../db/advisory-locks';
import type { Database } from '../db/client';
import { foodTrucks, menuItems, storedObjects } from '../db/schema';
import type { ObjectStorage } from '../integrations/storage';
import { removeObjectFiles, type RemovedObject } from '../modules/uploads/stored-objects';
import type { BackgroundWorker } from './worker';

/** How often each server process tries a sweep (only one process at a time does one). */
export const JANITOR_INTERVAL_MS = 10 * 60 * 1000;
/**
 * How long an unreferenced object is kept. The edit screen holds uploads until Save Changes, and on
 * S3 an uploaded file is only checked when first attached, so both must survive a long edit.
 */
export const JANITOR_GRACE_MS = 24 * 60 * 60 * 1000;
/** Objects removed per transaction, so one sweep never holds many row locks or a huge delete. */
export const JANITOR_BATCH_SIZE = 200;

export interface SweepOptions {
  /** The clock; tests pass a time in the future instead of waiting. */
  now?: Date;
  graceMs?: number;
  batchSize?: number;
}

export interface SweepResult {
  /** Rows deleted (expired upload URLs, abandoned uploads, unreferenced objects). */
  removed: number;
  /** False when another process held the sweep lock, so this one did nothing. */
  ran: boolean;
}

const objectRef = sql`'/objects/' || ${storedObjects.id}`;

/**
 * Every `/objects/{id}` a truck or menu item refers to, in one set the planner can hash:
 * food_trucks.image, the gallery and menu_documents jsonb arrays, and menu_items.image.
 */
const referencedPaths = sql`(
  select ${foodTrucks.image} from ${foodTrucks}
  union all select jsonb_array_elements_text(${foodTrucks.gallery}) from ${foodTrucks}
  union all select jsonb_array_elements_text(${foodTrucks.menuDocuments}) from ${foodTrucks}
  union all select ${menuItems.image} from ${menuItems}
)`;
/**
 * NOT IN over the whole set is planned as one hashed subplan (built once per statement); a
 * correlated NOT EXISTS inside the OR below would rescan the trucks for every candidate. NULLs are
 * dropped: one would make NOT IN match nothing.
 */
const unreferenced = sql`${objectRef} not in (select path from ${referencedPaths} as refs (path) where path is not null)`;

/**
 * Rows the sweep may delete at `now`:
 * - a `pending` local upload URL past its expiry (it can no longer be used);
 * - on S3, a `pending` row past expiry and created more than `grace` ago: the browser may have put
 *   the file in `incoming/` and the operator may still press Save, which checks and attaches it;
 * - an `uploading` row past expiry and created more than `grace` ago (its process crashed);
 * - a `ready` object no truck or menu item refers to, stored more than `grace` ago.
 */
function sweepable(storage: ObjectStorage, now: Date, graceMs: number) {
  const graceStart = new Date(now.getTime() - graceMs);
  const expired = lt(storedObjects.expiresAt, now);
  const createdBeforeGrace = lt(storedObjects.createdAt, graceStart);
  return or(
    and(
      eq(storedObjects.status, 'pending'),
      expired,
      storage.presignIncoming ? createdBeforeGrace : undefined,
    ),
    and(eq(storedObjects.status, 'uploading'), expired, createdBeforeGrace),
    and(
      eq(storedObjects.status, 'ready'),
      lt(sql`coalesce(${storedObjects.uploadedAt}, ${storedObjects.createdAt})`, graceStart),
      unreferenced,
    ),
  );
}

/** One batch in one transaction; returns the rows it deleted, or null when another process is sweeping. */
async function sweepBatch(
  db: Database,
  storage: ObjectStorage,
  now: Date,
  graceMs: number,
  batchSize: number,
): Promise<RemovedObject[] | null> {
  return db.transaction(async (tx) => {
    // Only one process sweeps at a time.
    if (!(await tryAdvisoryXactLock(tx, 'uploadJanitor'))) return null;
    // Lock the candidates; rows an attach is holding (FOR KEY SHARE in mediaResolver) are skipped.
    const candidates = await tx
      .select({ id: storedObjects.id })
      .from(storedObjects)
      .where(sweepable(storage, now, graceMs))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return [];
    // Check again in a new statement (new snapshot): a truck saved between the first check and
    // our lock is visible now, and any later attach waits for this transaction and then finds no row.
    return tx
      .delete(storedObjects)
      .where(
        and(
          inArray(
            storedObjects.id,
            candidates.map((c) => c.id),
          ),
          sweepable(storage, now, graceMs),
        ),
      )
      .returning({ id: storedObjects.id, status: storedObjects.status, variants: storedObjects.variants });
  });
}

/**
 * Removes expired upload URLs, abandoned uploads and objects nothing refers to (rows, then their
 * files and variants in the store, and on S3 any `incoming/` file). Never removes a referenced
 * object. Safe to run from several processes: one sweeps, the others return `ran: false`.
 */
export async function sweepUploads(
  db: Database,
  storage: ObjectStorage,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const graceMs = options.graceMs ?? JANITOR_GRACE_MS;
  const batchSize = options.batchSize ?? JANITOR_BATCH_SIZE;
  let removed = 0;
  for (let batch = 0; ; batch += 1) {
    const rows = await sweepBatch(db, storage, now, graceMs, batchSize);
    if (rows === null) return { removed, ran: batch > 0 };
    // Rows go first (committed above), files after; on S3 also any incoming/ file (never uploaded
    // is fine; a ready one may be left if its cleanup failed).
    await removeObjectFiles(storage, rows);
    removed += rows.length;
    if (rows.length < batchSize) return { removed, ran: true };
  }
}

/** The periodic sweep (ADR 0030), run by every worker process; one sweeps, the others skip. */
export const uploadJanitor: BackgroundWorker = {
  name: 'upload-janitor',
  intervalMs: JANITOR_INTERVAL_MS,
  run: async ({ db, integrations }) => (await sweepUploads(db, integrations.storage)).removed,
};
