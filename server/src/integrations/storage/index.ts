import path from 'node:path';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage, S3Config } from './storage';

export type { ObjectStorage, S3Config, StoredBody } from './storage';
export { IncomingTooLarge } from './storage';

/** S3 when configured, otherwise files under DATA_DIR/objects. */
export function createStorage(options: { dataDir: string; s3?: S3Config }): ObjectStorage {
  return options.s3 ? new S3Storage(options.s3) : new LocalStorage(path.join(options.dataDir, 'objects'));
}

const byConfig = new WeakMap<object, ObjectStorage>();

/** One storage per app configuration, shared by every module that handles files. */
export function storageFor(config: { dataDir: string; s3?: S3Config }): ObjectStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = createStorage(config);
    byConfig.set(config, storage);
  }
  return storage;
}
