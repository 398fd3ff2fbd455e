import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_RULES, type StoredContentType, type UploadPurpose } from '@shared/contracts';
import type { DbOrTx } from '../../db/client';
import { storedObjects } from '../../db/schema';
import { IncomingTooLarge } from '../../integrations/storage';
import {
  badRequest,
  conflict,
  HttpError,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../lib/http-errors';
import { OBJECT_REF, type MediaResolver } from './media';
import { processUpload } from './object-processing';
import {
  readyValues,
  storeFile,
  uploaderOf,
  storeProcessed,
  uploadDepsFor,
  takeUploadAllowance,
  type ObjectRow,
  type UploadDeps,
} from './stored-objects';
import { mayAttach } from './uploads.policy';

// Attaching references (truck image, gallery, menu documents, menu item images)

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/s;

function decodeDataUrl(ref: string): Buffer | undefined {
  const match = DATA_URL.exec(ref);
  if (!match) return undefined;
  const [, , params = '', payload = ''] = match;
  if (params.split(';').includes('base64')) return Buffer.from(payload, 'base64');
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    throw badRequest('This data URL cannot be read');
  }
}

/** A ready object may be attached where its type and size are allowed. */
function assertFits(row: ObjectRow, purpose: UploadPurpose): void {
  const rule = UPLOAD_RULES[purpose];
  if (!rule.contentTypes.includes(row.contentType as StoredContentType))
    throw unsupportedMediaType(rule.typeMessage);
  if ((row.size ?? 0) > rule.maxBytes) throw payloadTooLarge(rule.sizeMessage);
}

/** S3: the browser PUT the file straight to the store; check and process it now, once. */
async function finalizeIncoming(
  deps: UploadDeps,
  tx: DbOrTx,
  row: ObjectRow,
  purpose: UploadPurpose,
  notUploaded: Error,
): Promise<void> {
  const { storage } = deps;
  if (!storage.readIncoming || !storage.removeIncoming) throw notUploaded;
  let bytes: Buffer | null;
  try {
    bytes = await storage.readIncoming(row.id, UPLOAD_RULES[purpose].maxBytes);
  } catch (err) {
    if (err instanceof IncomingTooLarge) throw payloadTooLarge(UPLOAD_RULES[purpose].sizeMessage);
    throw err;
  }
  if (!bytes) throw notUploaded;
  const processed = await processUpload(bytes, purpose, await uploaderOf(tx, row.ownerId));
  await storeProcessed(storage, row.id, processed);
  const [done] = await tx
    .update(storedObjects)
    .set({ ...readyValues(processed), purpose })
    .where(and(eq(storedObjects.id, row.id), eq(storedObjects.status, 'pending')))
    .returning({ id: storedObjects.id });
  if (!done) throw conflict('This file is being processed. Please try again.');
  await storage.removeIncoming(row.id);
}

export function mediaResolver(deps: UploadDeps): MediaResolver {
  return {
    async resolve(tx, actor, ref, purpose, field) {
      const fail = (message: string) => badRequest(message, { [field]: [message] });
      const bytes = decodeDataUrl(ref);
      // Older clients send the file itself: check it like an upload and keep only a reference. It
      // is a new stored object like an upload URL's, so it counts against the same hourly cap.
      if (bytes) {
        await takeUploadAllowance(deps, tx, actor.id);
        return storeFile(deps.storage, tx, actor.id, bytes, purpose);
      }
      const id = OBJECT_REF.exec(ref)?.[1];
      if (!id) throw fail('Files must be uploaded first (a /objects/ reference)');
      // FOR KEY SHARE: the upload janitor skips (and cannot delete) an object while it is being attached.
      const [row] = await tx
        .select()
        .from(storedObjects)
        .where(eq(storedObjects.id, id))
        .limit(1)
        .for('key share');
      if (!row) throw fail('File not found. Please upload it again.');
      // Only the uploader (or an admin) may attach an object: another operator's file is not theirs
      // to publish, whether or not its bytes arrived (ADR 0060).
      if (!mayAttach(actor, row.ownerId)) {
        const message = 'File not found. Please upload it again.';
        throw new HttpError(404, message, { [field]: [message] });
      }
      if (row.status !== 'ready') {
        const notUploaded = fail('The file has not been uploaded yet');
        if (row.status !== 'pending') throw notUploaded;
        await finalizeIncoming(deps, tx, row, purpose, notUploaded);
        return ref;
      }
      assertFits(row, purpose);
      return ref;
    },
  };
}

export function mediaResolverFor(app: FastifyInstance): MediaResolver {
  return mediaResolver(uploadDepsFor(app));
}
