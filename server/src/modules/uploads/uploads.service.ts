import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { storedObjects } from '../../db/schema';
import {
  IncomingTooLarge,
  type ObjectStorage,
  type StoredBody,
} from '../../integrations/storage';
import {
  badRequest,
  conflict,
  forbidden,
  gone,
  notFound,
  payloadTooLarge,
  unauthorized,
  unsupportedMediaType,
} from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import {
  IMAGE_VARIANTS,
  UPLOAD_RULES,
  type ImageVariant,
  type StoredContentType,
  type UploadPurpose,
} from '../../../../shared/contracts';
import { OBJECT_ID, OBJECT_REF, type MediaResolver } from './media';
import { processUpload, VARIANT_CONTENT_TYPE, type ProcessedObject } from './object-processing';
import {
  mayAttachPending,
  signatureMatches,
  UPLOAD_URL_TTL_SECONDS,
  uploadSignature,
} from './uploads.policy';

type ObjectRow = typeof storedObjects.$inferSelect;

export interface UploadDeps {
  db: Database;
  storage: ObjectStorage;
  secret: string;
}

export function uploadDepsFor(app: FastifyInstance): UploadDeps {
  return { db: app.db, storage: app.integrations.storage, secret: app.config.jwtSecret };
}

const newObjectId = () => randomBytes(16).toString('base64url');
const objectPath = (id: string) => `/objects/${id}`;
const variantKey = (id: string, variant: ImageVariant) => `${id}.${variant}`;

/** Writes the checked bytes and variants to the store. */
async function storeProcessed(storage: ObjectStorage, id: string, processed: ProcessedObject): Promise<void> {
  await Promise.all([
    storage.put(id, processed.body, processed.contentType),
    ...processed.variants.map((v) => storage.put(variantKey(id, v.name), v.body, VARIANT_CONTENT_TYPE)),
  ]);
}

const readyValues = (processed: ProcessedObject) => ({
  status: 'ready',
  contentType: processed.contentType,
  size: processed.originalSize,
  width: processed.width,
  height: processed.height,
  variants: processed.variants.map((v) => v.name),
  uploadedAt: new Date(),
});

// ---------------------------------------------------------------------------------------------
// Upload URLs

/**
 * Issues an upload URL. Local store: `{origin}/api/objects/upload/{signature}/{id}` (PUT with the
 * uploader's bearer token). S3: a presigned PUT to `incoming/{id}`, checked when first attached.
 */
export async function createUploadURL(
  deps: UploadDeps,
  actor: AuthUser,
  purpose: UploadPurpose,
  origin: string,
): Promise<string> {
  const id = newObjectId();
  await deps.db.insert(storedObjects).values({
    id,
    ownerId: actor.id,
    purpose,
    status: 'pending',
    expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
  });
  if (deps.storage.presignIncoming) return deps.storage.presignIncoming(id, UPLOAD_URL_TTL_SECONDS);
  return `${origin}/api/objects/upload/${uploadSignature(deps.secret, id, actor.id)}/${id}`;
}

/**
 * The checks of a PUT to a local upload URL that need no bytes, so refusals happen before the body
 * is read: a valid signature, the uploader's own token, not used, not expired.
 */
export async function admitUpload(
  deps: UploadDeps,
  user: AuthUser | null,
  signature: string,
  id: string,
): Promise<ObjectRow> {
  if (deps.storage.presignIncoming) throw notFound('Uploads go directly to the object store');
  const [row] = OBJECT_ID.test(id)
    ? await deps.db.select().from(storedObjects).where(eq(storedObjects.id, id)).limit(1)
    : [];
  if (!row || row.ownerId === null || !signatureMatches(deps.secret, id, row.ownerId, signature)) {
    throw forbidden('This upload URL is not valid');
  }
  if (!user) throw unauthorized('Sign in to upload files');
  if (user.id !== row.ownerId) throw forbidden('This upload URL belongs to another user');
  if (row.status !== 'pending') throw conflict('This upload URL has already been used');
  if (row.expiresAt.getTime() <= Date.now()) throw gone('This upload URL has expired. Please try again.');
  return row;
}

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
    const processed = await processUpload(bytes, row.purpose as UploadPurpose);
    await storeProcessed(deps.storage, row.id, processed);
    await deps.db.update(storedObjects).set(readyValues(processed)).where(eq(storedObjects.id, row.id));
    return { objectPath: objectPath(row.id), contentType: processed.contentType };
  } catch (err) {
    // A refused file does not use up the URL: the uploader may retry with a proper file.
    await deps.db.update(storedObjects).set({ status: 'pending' }).where(eq(storedObjects.id, row.id));
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Serving

export interface ServedObject {
  stored: StoredBody;
  contentType: string;
  etag: string;
}

export async function readObject(
  deps: UploadDeps,
  id: string,
  variant: ImageVariant | undefined,
): Promise<ServedObject> {
  const [row] = OBJECT_ID.test(id)
    ? await deps.db
        .select()
        .from(storedObjects)
        .where(and(eq(storedObjects.id, id), eq(storedObjects.status, 'ready')))
        .limit(1)
    : [];
  if (!row?.contentType) throw notFound('File not found');
  if (variant && !row.variants.includes(variant)) throw notFound('This file has no such variant');
  const stored = await deps.storage.get(variant ? variantKey(id, variant) : id);
  if (!stored) throw notFound('File not found');
  return {
    stored,
    contentType: variant ? VARIANT_CONTENT_TYPE : row.contentType,
    etag: `"${id}${variant ? `.${variant}` : ''}"`,
  };
}

// ---------------------------------------------------------------------------------------------
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
  const processed = await processUpload(bytes, purpose);
  await storeProcessed(storage, row.id, processed);
  const [done] = await tx
    .update(storedObjects)
    .set({ ...readyValues(processed), purpose })
    .where(and(eq(storedObjects.id, row.id), eq(storedObjects.status, 'pending')))
    .returning({ id: storedObjects.id });
  if (!done) throw conflict('This file is being processed. Please try again.');
  await storage.removeIncoming(row.id);
}

/** Checks, processes and stores a file the server already holds (data URLs, demo images); returns its /objects/ path. */
export async function storeFile(
  storage: ObjectStorage,
  tx: DbOrTx,
  ownerId: number,
  bytes: Buffer,
  purpose: UploadPurpose,
): Promise<string> {
  const processed = await processUpload(bytes, purpose);
  const id = newObjectId();
  await storeProcessed(storage, id, processed);
  await tx
    .insert(storedObjects)
    .values({ id, ownerId, purpose, expiresAt: new Date(), ...readyValues(processed) });
  return objectPath(id);
}

export function mediaResolver(deps: UploadDeps): MediaResolver {
  return {
    async resolve(tx, actor, ref, purpose, field) {
      const fail = (message: string) => badRequest(message, { [field]: [message] });
      const bytes = decodeDataUrl(ref);
      // Older clients send the file itself: check it like an upload and keep only a reference.
      if (bytes) return storeFile(deps.storage, tx, actor.id, bytes, purpose);
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
      if (row.status !== 'ready') {
        const notUploaded = fail('The file has not been uploaded yet');
        if (row.status !== 'pending' || !mayAttachPending(actor, row.ownerId)) throw notUploaded;
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

export const isImageVariant = (v: string): v is ImageVariant =>
  (IMAGE_VARIANTS as readonly string[]).includes(v);
