import { and, eq } from 'drizzle-orm';
import { IMAGE_VARIANTS, type ImageVariant } from '@shared/contracts';
import { storedObjects } from '../../db/schema';
import type { StoredBody } from '../../integrations/storage';
import { notFound } from '../../lib/http-errors';
import { OBJECT_ID } from './media';
import { VARIANT_CONTENT_TYPE } from './object-processing';
import { variantKey, type UploadDeps } from './stored-objects';

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

export const isImageVariant = (v: string): v is ImageVariant =>
  (IMAGE_VARIANTS as readonly string[]).includes(v);
