import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ObjectStorage, type StoredBody } from './storage';

/** Files under DATA_DIR/objects; used when no S3 store is configured. */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(private readonly dir: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.dir, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(this.dir, { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, body, { mode: 0o644 });
    await rename(temp, target);
  }

  async get(key: string): Promise<StoredBody | null> {
    const file = this.file(key);
    try {
      const info = await stat(file);
      return { body: createReadStream(file), size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }
}
