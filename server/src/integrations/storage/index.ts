import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage, S3Config } from './storage';

export type { ObjectStorage, S3Config, StoredBody } from './storage';
export { IncomingTooLarge } from './storage';

/** S3 when configured, otherwise files under `objectsDir`. */
export function createStorage(options: { objectsDir: string; s3?: S3Config }): ObjectStorage {
  return options.s3 ? new S3Storage(options.s3) : new LocalStorage(options.objectsDir);
}
