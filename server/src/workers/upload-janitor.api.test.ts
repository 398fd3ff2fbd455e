import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AuthResponse, FoodTruck, MenuItem, UploadResponse } from '@shared/contracts';
import { objectPathFromUploadURL } from '@shared/contracts';
import { storedObjects } from '../db/schema';
import { createStorage } from '../integrations/storage';
import { startFakeS3 } from '../test/fake-s3';
import { startTestServer, type TestServer } from '../test/harness';
import { JANITOR_GRACE_MS, sweepUploads, uploadJanitor } from './upload-janitor';
import { startWorkers } from './worker';

const MINUTE = 60 * 1000;
/** The sweep's clock, relative to now: tests move time forward instead of waiting. */
const at = (ms: number) => new Date(Date.now() + ms);
const PAST_URL_EXPIRY = 16 * MINUTE;
const WITHIN_GRACE = 60 * MINUTE;
const PAST_GRACE = JANITOR_GRACE_MS + MINUTE;

const picture = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const truckFields = { name: 'Sweep Tacos', cuisine: 'Mexican' };
const idOf = (objectPath: string) => objectPath.split('/').pop() ?? '';

/** What every test needs from a server: uploads, a sweep at a given time, and the row of an object. */
function helpers(server: () => TestServer, operator: () => AuthResponse) {
  const sweep = (ms: number) => sweepUploads(server().db, server().integrations.storage, { now: at(ms) });
  const row = async (objectPath: string) =>
    (
      await server()
        .db.select()
        .from(storedObjects)
        .where(eq(storedObjects.id, idOf(objectPath)))
    )[0];
  const uploadURL = async (purpose: string) => {
    const res = await server().request<UploadResponse>('POST', '/api/objects/upload', {
      token: operator().token,
      body: { purpose },
    });
    expect(res.status).toBe(200);
    return res.body.uploadURL;
  };
  const status = async (objectPath: string) => (await fetch(server().url + objectPath)).status;
  const createTruck = async (body: Record<string, unknown>) => {
    const res = await server().request<FoodTruck>('POST', '/api/food-trucks', {
      token: operator().token,
      body: { ...truckFields, ...body },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  return { sweep, row, uploadURL, status, createTruck };
}

describe('the upload janitor with local files', () => {
  let server: TestServer;
  let operator: AuthResponse;
  const { sweep, row, uploadURL, status, createTruck } = helpers(
    () => server,
    () => operator,
  );
  beforeAll(async () => {
    server = await startTestServer();
    operator = await server.signUpSubscribedOperator();
  });
  afterAll(() => server.close());

  /** The browser's flow: a URL, the PUT with the uploader's token, the /objects/ path. */
  async function upload(bytes: Buffer, contentType: string, purpose = 'banner') {
    const url = await uploadURL(purpose);
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentType, authorization: `Bearer ${operator.token}` },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    return objectPathFromUploadURL(url);
  }
  const fileExists = (key: string) => existsSync(path.join(server.config.dataDir, 'objects', key));

  it('removes an upload URL that expired unused, and only once it has expired', async () => {
    const url = await uploadURL('banner');
    const objectPath = objectPathFromUploadURL(url);
    await sweep(0);
    expect(await row(objectPath)).toMatchObject({ status: 'pending' });

    const result = await sweep(PAST_URL_EXPIRY);
    expect(result.ran).toBe(true);
    expect(await row(objectPath)).toBeUndefined();
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${operator.token}` },
      body: new Uint8Array(await picture()),
    });
    expect(put.status).toBe(403);
  });

  it('keeps an unattached object during the grace period, then removes its row, file and variants', async () => {
    const objectPath = await upload(await picture(), 'image/png');
    const id = idOf(objectPath);
    expect(fileExists(id) && fileExists(`${id}.card`)).toBe(true);

    await sweep(WITHIN_GRACE); // the operator may still press Save Changes
    expect(await status(objectPath)).toBe(200);

    await sweep(PAST_GRACE);
    expect(await row(objectPath)).toBeUndefined();
    expect(await status(objectPath)).toBe(404);
    expect(await status(`${objectPath}?variant=thumb`)).toBe(404);
    expect([id, `${id}.thumb`, `${id}.card`, `${id}.banner`].some(fileExists)).toBe(false);
  });

  it('never removes objects used as a banner, in a gallery, in menu documents or as a menu item image', async () => {
    const [banner, photo, menu, dish] = [
      await upload(await picture(), 'image/png', 'banner'),
      await upload(await picture(), 'image/png', 'gallery'),
      await upload(PDF, 'application/pdf', 'menu-document'),
      await upload(await picture(300, 300), 'image/png', 'menu-item-image'),
    ];
    const truck = await createTruck({ image: banner, gallery: [photo], menuDocuments: [menu] });
    const item = await server.request<MenuItem>('POST', '/api/menu-items', {
      token: operator.token,
      body: { foodTruckId: truck.id, name: 'Elote', price: 4, image: dish },
    });
    expect(item.status).toBe(201);

    await sweep(PAST_GRACE);
    for (const objectPath of [banner, photo, menu, dish]) {
      expect(await status(objectPath)).toBe(200);
      expect(await row(objectPath)).toMatchObject({ status: 'ready' });
    }
  });

  it('removes a banner the operator cleared, and everything of a deleted truck, on the next sweep past the grace period', async () => {
    const [banner, photo, dish] = [
      await upload(await picture(), 'image/png', 'banner'),
      await upload(await picture(), 'image/png', 'gallery'),
      await upload(await picture(300, 300), 'image/png', 'menu-item-image'),
    ];
    const truck = await createTruck({ image: banner, gallery: [photo] });
    const item = await server.request<MenuItem>('POST', '/api/menu-items', {
      token: operator.token,
      body: { foodTruckId: truck.id, name: 'Horchata', price: 3, image: dish },
    });
    expect(item.status).toBe(201);

    const cleared = await server.request<FoodTruck>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: operator.token,
      body: { image: null },
    });
    expect(cleared.status).toBe(200);
    await sweep(PAST_GRACE);
    expect(await status(banner)).toBe(404);
    expect(await status(photo)).toBe(200);
    expect(await status(dish)).toBe(200);

    const removed = await server.request('DELETE', `/api/food-trucks/${truck.id}`, { token: operator.token });
    expect(removed.status).toBeLessThan(300);
    await sweep(WITHIN_GRACE); // dropped references follow the same grace rule as uploads (age of the object)
    await sweep(PAST_GRACE);
    expect(await status(photo)).toBe(404);
    expect(await status(dish)).toBe(404);
    expect(fileExists(idOf(photo))).toBe(false);
  });

  it('keeps a removed object deleted: attaching it afterwards is a 400, not a broken reference', async () => {
    const objectPath = await upload(await picture(), 'image/png', 'gallery');
    await sweep(PAST_GRACE);
    const res = await server.request<{ message: string }>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { ...truckFields, gallery: [objectPath] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File not found. Please upload it again.');
  });

  it('lets only one of several concurrent sweeps do the work, and each object is removed once', async () => {
    const paths = await Promise.all(
      [1, 2, 3].map(async () => objectPathFromUploadURL(await uploadURL('image'))),
    );
    const results = await Promise.all([sweep(PAST_URL_EXPIRY), sweep(PAST_URL_EXPIRY)]);
    expect(results.reduce((sum, r) => sum + r.removed, 0)).toBeGreaterThanOrEqual(paths.length);
    for (const p of paths) expect(await row(p)).toBeUndefined();
  });

  // Needs a second connection: on PGlite the single connection would wait for the open transaction.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'skips an object while a save is attaching it (row locked), and removes nothing it then refers to',
    async () => {
      const objectPath = await upload(await picture(), 'image/png', 'gallery');
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let signalLocked = () => {};
      const locked = new Promise<void>((resolve) => (signalLocked = resolve));
      // What mediaResolver does inside a truck save: lock the object's row FOR KEY SHARE, then write the truck.
      const attach = server.db.transaction(async (tx) => {
        await tx
          .select()
          .from(storedObjects)
          .where(eq(storedObjects.id, idOf(objectPath)))
          .for('key share');
        signalLocked();
        await held;
      });
      await locked;
      await sweep(PAST_GRACE);
      expect(await row(objectPath)).toMatchObject({ status: 'ready' });
      release();
      await attach;
      await sweep(PAST_GRACE);
      expect(await row(objectPath)).toBeUndefined();
    },
  );

  it('sweeps on its own timer once started, and stops when asked', async () => {
    const [expired] = await server.db
      .insert(storedObjects)
      .values({
        id: 'janitorTimerTest_00001',
        ownerId: operator.user.id,
        purpose: 'image',
        status: 'pending',
        expiresAt: new Date(Date.now() - MINUTE),
      })
      .returning();
    const workers = await startWorkers(server.workerContext, [{ ...uploadJanitor, intervalMs: 20 }]);
    try {
      await vi.waitFor(async () => expect(await row(`/objects/${expired?.id ?? ''}`)).toBeUndefined(), {
        timeout: 5000,
      });
    } finally {
      await workers.stop();
    }
  });

  it('removes a large backlog in batches', async () => {
    const paths = await Promise.all(
      Array.from({ length: 5 }, async () => objectPathFromUploadURL(await uploadURL('image'))),
    );
    const result = await sweepUploads(server.db, server.integrations.storage, {
      now: at(PAST_URL_EXPIRY),
      batchSize: 2,
    });
    expect(result.removed).toBe(5);
    for (const p of paths) expect(await row(p)).toBeUndefined();
  });
});

describe('the upload janitor with an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let server: TestServer;
  let operator: AuthResponse;
  const { sweep, row, uploadURL, status, createTruck } = helpers(
    () => server,
    () => operator,
  );
  beforeAll(async () => {
    s3 = await startFakeS3();
    const s3Config = {
      bucket: 'trucks',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 't',
      secretAccessKey: 's',
    };
    server = await startTestServer(
      {},
      { integrations: { storage: createStorage({ objectsDir: '', s3: s3Config }) } },
    );
    operator = await server.signUpSubscribedOperator();
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  /** The browser PUTs straight to the store's incoming/ folder; nothing is checked until attached. */
  async function uploadToStore(purpose = 'gallery') {
    const url = await uploadURL(purpose);
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(await picture()),
    });
    expect(put.status).toBe(200);
    return objectPathFromUploadURL(url);
  }

  it('keeps an incoming file past its URL expiry so Save can still attach it, and removes it after the grace period', async () => {
    const kept = await uploadToStore();
    const abandoned = await uploadToStore();
    await sweep(WITHIN_GRACE);
    expect(s3.objects.has(`incoming/${idOf(abandoned)}`)).toBe(true);
    const truck = await createTruck({ gallery: [kept] });
    expect(truck.gallery).toEqual([kept]);

    await sweep(PAST_GRACE);
    expect(await row(abandoned)).toBeUndefined();
    expect(s3.objects.has(`incoming/${idOf(abandoned)}`)).toBe(false);
    expect(await status(kept)).toBe(200);
  });

  it('removes an object and its variants from the bucket once no truck refers to it', async () => {
    const photo = await uploadToStore();
    const truck = await createTruck({ gallery: [photo] });
    const id = idOf(photo);
    expect(s3.objects.has(`objects/${id}.card`)).toBe(true);

    await sweep(PAST_GRACE);
    expect(await status(photo)).toBe(200);

    const edit = await server.request<FoodTruck>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: operator.token,
      body: { gallery: [] },
    });
    expect(edit.status).toBe(200);
    await sweep(PAST_GRACE);
    expect(await status(photo)).toBe(404);
    expect([...s3.objects.keys()].filter((key) => key.includes(id))).toEqual([]);
  });
});
