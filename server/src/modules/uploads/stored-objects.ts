import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IMAGE_VARIANTS, type ImageVariant, type UploadPurpose } from '@shared/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { storedObjects, users } from '../../db/schema';
import { HOUR_MS, rateLimitsOf, takeOrRefuse } from '../../lib/rate-limits';
import type { ObjectStorage } from '../../integrations/storage';
import { processUpload, VARIANT_CONTENT_TYPE, type ProcessedObject, type Uploader } from './object-processing';
import { operatorIsSubscribed } from '../subscriptions/subscriptions.service';

/**
 * What the uploads module's parts share: its dependencies, object ids and keys, and writing a
 * checked file (with its variants) to the store. The parts: upload-urls (issuing and admitting
 * upload URLs), receive-upload (the PUT's bytes), attach-media (references in trucks and menu
 * items, data URLs), serve-object (GET /objects/:id).
 */
export type ObjectRow = typeof storedObjects.$inferSelect;

export interface UploadDeps {
  db: Database;
  storage: ObjectStorage;
  secret: string;
  /** UPLOAD_URLS_PER_HOUR: new stored objects per uploader per hour, by upload URL or data URL. */
  uploadsPerHour: number;
}

export function uploadDepsFor(app: FastifyInstance): UploadDeps {
  return {
    db: app.db,
    storage: app.integrations.storage,
    secret: app.config.jwtSecret,
    uploadsPerHour: rateLimitsOf(app.config).uploadUrlsPerUserPerHour,
  };
}

export const UPLOADS_CAPPED = 'Too many uploads. Please try again later.';

/**
 * The one counter of new stored objects per uploader (UPLOAD_URLS_PER_HOUR): each upload URL, and
 * each file a truck or menu call sends as a data URL (issue 32: data URLs in a gallery made 10 new
 * objects in 1.5 s after the upload cap said 429). 429 past the cap; inside a transaction, a
 * refused call takes its count back with it.
 */
export function takeUploadAllowance(deps: Pick<UploadDeps, 'uploadsPerHour'>, db: DbOrTx, userId: number): Promise<void> {
  return takeOrRefuse(db, `uploads:user:${userId}`, deps.uploadsPerHour, HOUR_MS, UPLOADS_CAPPED);
}

export const newObjectId = () => randomBytes(16).toString('base64url');
export const objectPath = (id: string) => `/objects/${id}`;
export const variantKey = (id: string, variant: ImageVariant) => `${id}.${variant}`;

/** Writes the checked bytes and variants to the store. */
export async function storeProcessed(
  storage: ObjectStorage,
  id: string,
  processed: ProcessedObject,
): Promise<void> {
  await Promise.all([
    storage.put(id, processed.body, processed.contentType),
    ...processed.variants.map((v) => storage.put(variantKey(id, v.name), v.body, VARIANT_CONTENT_TYPE)),
  ]);
}

export const readyValues = (processed: ProcessedObject) => ({
  status: 'ready',
  contentType: processed.contentType,
  size: processed.originalSize,
  width: processed.width,
  height: processed.height,
  variants: processed.variants.map((v) => v.name),
  uploadedAt: new Date(),
});

/** The account a file is processed for: its pixel limit is the larger one for admins and subscribed operators. */
export async function uploaderOf(db: DbOrTx, ownerId: number | null): Promise<Uploader> {
  // An object whose account was deleted meanwhile is processed as nobody's, under the lower limit.
  if (ownerId === null) return { id: 0, subscribed: false };
  const [row] = await db
    .select({ role: users.role, subscribed: operatorIsSubscribed(users.id) })
    .from(users)
    .where(eq(users.id, ownerId));
  return { id: ownerId, subscribed: row?.role === 'admin' || row?.subscribed === true };
}

/** Checks, processes and stores a file the server already holds (data URLs, demo images); returns its /objects/ path. */
export async function storeFile(
  storage: ObjectStorage,
  tx: DbOrTx,
  ownerId: number,
  bytes: Buffer,
  purpose: UploadPurpose,
): Promise<string> {
  const processed = await processUpload(bytes, purpose, await uploaderOf(tx, ownerId));
  const id = newObjectId();
  await storeProcessed(storage, id, processed);
  await tx
    .insert(storedObjects)
    .values({ id, ownerId, purpose, expiresAt: new Date(), ...readyValues(processed) });
  return objectPath(id);
}

/** A deleted object row: enough to find its files in the store. */
export type RemovedObject = Pick<ObjectRow, 'id' | 'status' | 'variants'>;

/** The store keys of a removed row: a ready object's file and variants; anything a failed upload may have left. */
export const objectKeys = (row: RemovedObject) => [
  row.id,
  ...(row.status === 'ready' ? row.variants : IMAGE_VARIANTS).map((v) => `${row.id}.${v}`),
];

/**
 * Removes the files of object rows already deleted (and committed): rows first, files after, so a
 * crash in between leaves unreachable files, never a row whose file is gone. On S3 also any
 * `incoming/` file.
 */
export async function removeObjectFiles(storage: ObjectStorage, rows: readonly RemovedObject[]): Promise<void> {
  if (rows.length === 0) return;
  await storage.remove(rows.flatMap(objectKeys));
  await Promise.all(rows.map((r) => storage.removeIncoming?.(r.id)));
}
