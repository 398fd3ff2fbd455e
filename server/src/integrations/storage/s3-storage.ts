import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertSafeKey,
  IncomingTooLarge,
  type ObjectStorage,
  type S3Config,
  type StoredBody,
} from './storage';

const OBJECTS_PREFIX = 'objects/';
const INCOMING_PREFIX = 'incoming/';

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/**
 * Objects in an S3-compatible bucket: processed objects under `objects/`, browser uploads under
 * `incoming/` until the server has checked them. A custom endpoint uses path-style URLs
 * (MinIO and most compatible stores).
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: Boolean(config.endpoint),
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: OBJECTS_PREFIX + key,
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  private async read(key: string): Promise<StoredBody | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      return { body: out.Body, size: out.ContentLength };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  get(key: string): Promise<StoredBody | null> {
    assertSafeKey(key);
    return this.read(OBJECTS_PREFIX + key);
  }

  async remove(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    keys.forEach(assertSafeKey);
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.config.bucket,
        Delete: { Objects: keys.map((k) => ({ Key: OBJECTS_PREFIX + k })) },
      }),
    );
  }

  async presignIncoming(id: string, expiresInSeconds: number): Promise<string> {
    assertSafeKey(id);
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.config.bucket, Key: INCOMING_PREFIX + id }),
      {
        expiresIn: expiresInSeconds,
      },
    );
  }

  async readIncoming(id: string, maxBytes: number): Promise<Buffer | null> {
    assertSafeKey(id);
    const stored = await this.read(INCOMING_PREFIX + id);
    if (!stored) return null;
    if (stored.size !== undefined && stored.size > maxBytes) {
      stored.body.destroy();
      throw new IncomingTooLarge();
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stored.body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buf.length;
      if (total > maxBytes) {
        stored.body.destroy();
        throw new IncomingTooLarge();
      }
      chunks.push(buf);
    }
    return Buffer.concat(chunks);
  }

  async removeIncoming(id: string): Promise<void> {
    assertSafeKey(id);
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.config.bucket, Key: INCOMING_PREFIX + id }),
    );
  }
}
