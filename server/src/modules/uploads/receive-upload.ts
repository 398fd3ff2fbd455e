import { and, eq, gt } from 'drizzle-orm';
import type { UploadPurpose } from '@shared/contracts';
import { storedObjects } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { processUpload } from './object-processing';
import { objectPath, readyValues, storeProcessed, uploaderOf, type ObjectRow, type UploadDeps } from './stored-objects';

/** Receives the bytes of an admitted upload: one use (claimed atomically), checked, re-encoded, stored. */
export async function receiveUpload(
  deps: UploadDeps,
  row: ObjectRow,
  bytes: Buffer,
): Promise<{ objectPath: string; contentType: string }> {
  const [claimed] = await deps.db
    .update(storedObjects)
    .set({ status: 'uploading' })
    .where(
      and(
        eq(storedObjects.id, row.id),
        eq(storedObjects.status, 'pending'),
        gt(storedObjects.expiresAt, new Date()),
      ),
    )
    .returning({ id: storedObjects.id });
  if (!claimed) throw conflict('This upload URL has already been used');
  try {
    const processed = await processUpload(bytes, row.purpose as UploadPurpose, await uploaderOf(deps.db, row.ownerId));
    await storeProcessed(deps.storage, row.id, processed);
    await deps.db.update(storedObjects).set(readyValues(processed)).where(eq(storedObjects.id, row.id));
    return { objectPath: objectPath(row.id), contentType: processed.contentType };
  } catch (err) {
    // A refused file does not use up the URL: the uploader may retry with a proper file.
    await deps.db.update(storedObjects).set({ status: 'pending' }).where(eq(storedObjects.id, row.id));
    throw err;
  }
}
