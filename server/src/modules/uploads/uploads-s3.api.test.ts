import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AuthResponse, ErrorResponse, FoodTruck, MenuItem, UploadResponse } from '@shared/contracts';
import { objectPathFromUploadURL, UPLOAD_RULES } from '@shared/contracts';
import { createStorage } from '../../integrations/storage';
import { startFakeS3 } from '../../test/fake-s3';
import { startTestServer, type TestServer } from '../../test/harness';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let server: TestServer;
let operator: AuthResponse;
let other: AuthResponse;

beforeAll(async () => {
  s3 = await startFakeS3();
  const storage = createStorage({
    objectsDir: '',
    s3: { bucket: 'trucks', region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'test', secretAccessKey: 'test-secret' },
  });
  server = await startTestServer({}, { integrations: { storage } });
  [operator, other] = await Promise.all([server.signUpSubscribedOperator(), server.signUp('operator')]);
});
afterAll(async () => {
  await server.close();
  await s3.close();
});

const jpegWithGps = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } })
    .toBuffer();

/** The browser's part: ask for a URL and PUT the file straight to the store (no token needed there). */
async function uploadToStore(bytes: Buffer, contentType: string, session = operator, purpose = 'banner') {
  const res = await server.request<UploadResponse>('POST', '/api/objects/upload', {
    token: session.token,
    body: { purpose },
  });
  expect(res.status).toBe(200);
  const put = await fetch(res.body.uploadURL, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return objectPathFromUploadURL(res.body.uploadURL);
}

describe('with an S3-compatible store', () => {
  it('hands out a presigned PUT to incoming/{id}; the file is checked and processed when first attached', async () => {
    const res = await server.request<UploadResponse>('POST', '/api/objects/upload', {
      token: operator.token,
    });
    const url = new URL(res.body.uploadURL);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toMatch(/^\/trucks\/incoming\/[\w-]{22}$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');

    const path = await uploadToStore(await jpegWithGps(), 'image/jpeg');
    expect((await fetch(server.url + path)).status).toBe(404); // not checked yet

    const truck = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { name: 'Cloud Tacos', cuisine: 'Mexican', gallery: [path] },
    });
    expect(truck.status).toBe(201);
    expect(truck.body.gallery).toEqual([path]);
    const id = path.split('/').pop() ?? '';
    expect(s3.objects.has(`incoming/${id}`)).toBe(false);
    expect(s3.objects.has(`objects/${id}`)).toBe(true);
    expect(s3.objects.has(`objects/${id}.card`)).toBe(true);

    const served = await fetch(server.url + path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes('SpyCam')).toBe(false);
  });

  it('refuses to attach an HTML file put in the store, and another user attaching your upload', async () => {
    const html = await uploadToStore(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    const bad = await server.request<ErrorResponse>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { name: 'Bad', cuisine: 'Other', image: html },
    });
    expect(bad.status).toBe(415);
    expect((await fetch(server.url + html)).status).toBe(404);

    const mine = await uploadToStore(await jpegWithGps(), 'image/jpeg');
    const theirs = await server.request<ErrorResponse>('POST', '/api/food-trucks', {
      token: other.token,
      body: { name: 'Thief', cuisine: 'Other', image: mine },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('File not found. Please upload it again.');
  });

  it('refuses a file over the limit of the field it is attached to', async () => {
    // Sent for a truck photo (50 MB) and attached to a menu item, whose limit is 10 MB: the store
    // took the bytes as they came, so the server checks them against the field when attaching.
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const path = await uploadToStore(big, 'image/jpeg', operator, 'truck-image');
    const truck = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { name: 'Big', cuisine: 'Other' },
    });
    const item = await server.request<MenuItem>('POST', '/api/menu-items', {
      token: operator.token,
      body: { foodTruckId: truck.body.id, name: 'Soda', price: 2 },
    });
    const res = await server.request<ErrorResponse>('PUT', `/api/menu-items/${item.body.id}/image`, {
      token: operator.token,
      body: { imageURL: path },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(UPLOAD_RULES['menu-item-image'].sizeMessage);
    expect(res.body.message).toBe('File size must be less than 10MB');
  });
});
