import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  AuthResponse,
  ErrorResponse,
  FoodTruck,
  MenuItem,
  UploadResponse,
} from '@shared/contracts';
import { objectPathFromUploadURL } from '@shared/contracts';
import { foodTrucks, storedObjects } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let operator: AuthResponse;
let otherOperator: AuthResponse;
let customer: AuthResponse;
let admin: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  [operator, otherOperator, customer, admin] = await Promise.all([
    server.signUpSubscribedOperator(),
    server.signUp('operator'),
    server.signUp('customer'),
    server.signUpAdmin(),
  ]);
});
afterAll(() => server.close());

const MB = 1024 * 1024;
const picture = (format: 'png' | 'jpeg' | 'webp', width = 800, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

async function uploadURL(session: AuthResponse | undefined, purpose?: string) {
  return server.request<UploadResponse & ErrorResponse>('POST', '/api/objects/upload', {
    token: session?.token,
    body: purpose ? { purpose } : undefined,
  });
}
async function put(url: string, bytes: Buffer, contentType: string, session?: AuthResponse) {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (session) headers.authorization = `Bearer ${session.token}`;
  const res = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as ErrorResponse & { objectPath: string },
  };
}
/** The whole client flow: get a URL, PUT the file, refer to it as /objects/{last segment}. */
async function upload(bytes: Buffer, contentType: string, purpose?: string, session = operator) {
  const { body } = await uploadURL(session, purpose);
  const res = await put(body.uploadURL, bytes, contentType, session);
  return { ...res, uploadURL: body.uploadURL, path: objectPathFromUploadURL(body.uploadURL) };
}
async function fetchObject(path: string) {
  const res = await fetch(server.url + path);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
const objectCount = async () =>
  (
    await server.db
      .select({ id: storedObjects.id })
      .from(storedObjects)
      .where(eq(storedObjects.status, 'ready'))
  ).length;

describe('POST /api/objects/upload', () => {
  it('gives operators and admins a signed URL whose last path segment is the object id', async () => {
    for (const session of [operator, admin]) {
      const res = await uploadURL(session);
      expect(res.status).toBe(200);
      expect(res.body.uploadURL).toMatch(new RegExp(`^${server.url}/api/objects/upload/[\\w-]+/[\\w-]{22}$`));
    }
  });

  it('builds the URL from PUBLIC_URL, not from the Host header the caller sent', async () => {
    // fetch() will not send a foreign Host header; node:http will.
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/objects/upload`, {
        method: 'POST',
        headers: { host: 'attacker.example', authorization: `Bearer ${operator.token}` },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    const { uploadURL } = JSON.parse(body) as UploadResponse;
    expect(uploadURL.startsWith(`${server.config.publicUrl}/api/objects/upload/`)).toBe(true);
    expect(uploadURL).not.toContain('attacker');
  });

  it('refuses customers (403), anonymous callers (401) and unknown purposes (400)', async () => {
    expect((await uploadURL(customer)).status).toBe(403);
    expect((await uploadURL(undefined)).status).toBe(401);
    const bad = await uploadURL(operator, 'executable');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown upload purpose');
  });
});

describe('PUT to the upload URL and GET /objects/:id', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)(
    'stores a real %s, serves it immutable with its type and nosniff, with resized variants',
    async (format, type) => {
      const res = await upload(await picture(format), type);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ objectPath: res.path, contentType: type });
      const { res: served, bytes } = await fetchObject(res.path);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(bytes).metadata()).format).toBe(format);
      for (const [variant, width, height] of [
        ['thumb', 256, 256],
        ['card', 640, 400],
        ['banner', 1600, 600],
      ] as const) {
        const v = await fetchObject(`${res.path}?variant=${variant}`);
        expect(v.res.headers.get('content-type')).toBe('image/webp');
        expect(await sharp(v.bytes).metadata()).toMatchObject({ format: 'webp', width, height });
      }
      const etag = served.headers.get('etag') ?? '';
      expect((await fetch(server.url + res.path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    },
  );

  it('stores a PDF menu document (and refuses a PDF where an image is expected)', async () => {
    const res = await upload(PDF, 'application/pdf', 'menu-document');
    expect(res.status).toBe(200);
    const { res: served, bytes } = await fetchObject(res.path);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    // Issue 7 (Low): a PDF is downloaded, never rendered as a page of this site.
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="menu.pdf"');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(bytes.equals(PDF)).toBe(true);
    const asImage = await upload(PDF, 'application/pdf', 'banner');
    expect(asImage.status).toBe(415);
    expect(asImage.body.message).toBe('Invalid file type: Please upload only JPG, PNG, or WebP images.');
  });

  it('removes EXIF metadata, GPS included, from the served image and its variants', async () => {
    const withGps = await sharp(await picture('jpeg'))
      .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const res = await upload(withGps, 'image/jpeg');
    expect(res.status).toBe(200);
    for (const path of [res.path, `${res.path}?variant=card`]) {
      const { bytes } = await fetchObject(path);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes('SpyCam')).toBe(false);
      expect(bytes.includes(Buffer.from('Exif\0'))).toBe(false);
    }
  });

  it.each([
    ['an SVG', SVG, 'image/svg+xml'],
    ['an HTML file renamed .png', HTML, 'image/png'],
    [
      'an executable',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200)]),
      'image/png',
    ],
  ])('refuses %s (415) and stores nothing', async (_what, bytes, type) => {
    const before = await objectCount();
    const res = await upload(bytes, type);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Please select an image file');
    expect(await objectCount()).toBe(before);
    expect((await fetchObject(res.path)).res.status).toBe(404);
  });

  it('refuses a file over the purpose limit (413) without using up the URL', async () => {
    const { body } = await uploadURL(operator, 'menu-item-image');
    const tooBig = Buffer.concat([await picture('png'), Buffer.alloc(10 * MB)]);
    const res = await put(body.uploadURL, tooBig, 'image/png', operator);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size must be less than 10MB');
    expect((await put(body.uploadURL, await picture('png'), 'image/png', operator)).status).toBe(200);
  });

  it('refuses a corrupt image that starts like a PNG (400, not 500)', async () => {
    const png = await picture('png');
    const res = await upload(png.subarray(0, 100), 'image/png');
    expect(res.status).toBe(400);
  });

  it('refuses a reused URL (409)', async () => {
    const first = await upload(await picture('png'), 'image/png');
    expect(first.status).toBe(200);
    const again = await put(first.uploadURL, await picture('webp'), 'image/webp', operator);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This upload URL has already been used');
    expect(await sharp((await fetchObject(first.path)).bytes).metadata()).toMatchObject({ format: 'png' });
  });

  it('lets exactly one of two simultaneous PUTs to the same URL through', async () => {
    const { body } = await uploadURL(operator);
    const [a, b] = await Promise.all([
      put(body.uploadURL, await picture('png'), 'image/png', operator),
      put(body.uploadURL, await picture('jpeg'), 'image/jpeg', operator),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('refuses an expired URL (410)', async () => {
    const { body } = await uploadURL(operator);
    const id = objectPathFromUploadURL(body.uploadURL).split('/').pop() ?? '';
    await server.db
      .update(storedObjects)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(storedObjects.id, id));
    const res = await put(body.uploadURL, await picture('png'), 'image/png', operator);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This upload URL has expired. Please try again.');
  });

  it("refuses another user's token (403), no token (401) and a forged signature (403)", async () => {
    const { body } = await uploadURL(operator);
    const png = await picture('png');
    expect((await put(body.uploadURL, png, 'image/png', otherOperator)).status).toBe(403);
    expect((await put(body.uploadURL, png, 'image/png')).status).toBe(401);
    const forged = body.uploadURL.replace(
      /\/upload\/[\w-]+\//,
      '/upload/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/',
    );
    expect((await put(forged, png, 'image/png', operator)).status).toBe(403);
    expect((await put(body.uploadURL, png, 'image/png', operator)).status).toBe(200);
  });

  it('answers 404 for unknown objects, bad ids and missing variants, and 400 for unknown variants', async () => {
    expect((await fetchObject('/objects/AAAAAAAAAAAAAAAAAAAAAA')).res.status).toBe(404);
    expect((await fetchObject('/objects/..%2F..%2Fetc%2Fpasswd')).res.status).toBe(404);
    const pdf = await upload(PDF, 'application/pdf', 'menu-document');
    expect((await fetchObject(`${pdf.path}?variant=card`)).res.status).toBe(404);
    expect((await fetchObject(`${pdf.path}?variant=huge`)).res.status).toBe(400);
    const pending = await uploadURL(operator);
    expect((await fetchObject(objectPathFromUploadURL(pending.body.uploadURL))).res.status).toBe(404);
  });
});

describe('attaching files to trucks and menu items', () => {
  const truck = { name: 'Photo Truck', cuisine: 'Italian' };
  const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString('base64')}`;

  it('accepts uploaded objects as image, gallery and menu documents', async () => {
    const banner = await upload(await picture('jpeg'), 'image/jpeg', 'banner');
    const photo = await upload(await picture('webp'), 'image/webp', 'gallery');
    const menu = await upload(PDF, 'application/pdf', 'menu-document');
    const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { ...truck, image: banner.path, gallery: [photo.path], menuDocuments: [menu.path] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ image: banner.path, gallery: [photo.path], menuDocuments: [menu.path] });
    const edit = await server.request<FoodTruck>('PATCH', `/api/food-trucks/${res.body.id}`, {
      token: operator.token,
      body: { image: null, gallery: [photo.path, banner.path], menuDocuments: [menu.path] },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ image: null, gallery: [photo.path, banner.path] });
  });

  it('stores data URLs from older clients as objects: the database keeps only /objects/ references', async () => {
    const jpeg = await sharp(await picture('jpeg'))
      .withExif({ IFD0: { Make: 'SpyCam' } })
      .jpeg()
      .toBuffer();
    const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: operator.token,
      body: {
        ...truck,
        image: dataUrl(jpeg, 'image/jpeg'),
        menuDocuments: [dataUrl(PDF, 'application/pdf'), dataUrl(await picture('png'), 'image/png')],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.image).toMatch(/^\/objects\/[\w-]{22}$/);
    expect(res.body.menuDocuments).toHaveLength(2);
    const [row] = await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, res.body.id));
    expect(JSON.stringify(row)).not.toContain('data:');
    const { res: served, bytes } = await fetchObject(res.body.image ?? '');
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.includes('SpyCam')).toBe(false);
    expect((await fetchObject(res.body.menuDocuments[0] ?? '')).res.headers.get('content-type')).toBe(
      'application/pdf',
    );

    const item = await server.request<MenuItem>('POST', '/api/menu-items', {
      token: operator.token,
      body: {
        foodTruckId: res.body.id,
        name: 'Pizza',
        price: 12,
        image: dataUrl(await picture('webp'), 'image/webp'),
      },
    });
    expect(item.status).toBe(201);
    expect(item.body.image).toMatch(/^\/objects\/[\w-]{22}$/);
  });

  it.each([
    ['an SVG data URL', { image: dataUrl(SVG, 'image/svg+xml') }, 415],
    ['an HTML data URL claiming PNG', { gallery: [dataUrl(HTML, 'image/png')] }, 415],
    ['a non-base64 SVG data URL', { image: `data:image/svg+xml,${encodeURIComponent(SVG.toString())}` }, 415],
    ['a PDF as the truck image', { image: dataUrl(PDF, 'application/pdf') }, 415],
    // (The creation image takes the banner's 50 MB rule since issue 27: a menu document shows the size check.)
    ['a menu document over 10 MB', { menuDocuments: [dataUrl(Buffer.concat([PDF, Buffer.alloc(10 * MB)]), 'application/pdf')] }, 413],
    ['an object that does not exist', { image: '/objects/AAAAAAAAAAAAAAAAAAAAAA' }, 400],
    ['an outside URL', { gallery: ['https://example.com/cat.png'] }, 400],
    ['a path outside /objects', { menuDocuments: ['/etc/passwd'] }, 400],
  ])('refuses %s and changes nothing', async (_what, media, status) => {
    const trucksBefore = (await server.db.select({ id: foodTrucks.id }).from(foodTrucks)).length;
    const objectsBefore = await objectCount();
    const res = await server.request<ErrorResponse>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { ...truck, ...media },
    });
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect((await server.db.select({ id: foodTrucks.id }).from(foodTrucks)).length).toBe(trucksBefore);
    expect(await objectCount()).toBe(objectsBefore);
  });

  it("refuses to attach another user's object (404), and changes nothing", async () => {
    const mine = await upload(await picture('png'), 'image/png', 'banner');
    const theirs = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: otherOperator.token,
      body: { name: 'Their Truck', cuisine: 'Other' },
    });
    const trucksBefore = (await server.db.select({ id: foodTrucks.id }).from(foodTrucks)).length;
    for (const [method, path, body] of [
      ['POST', '/api/food-trucks', { name: 'Thief', cuisine: 'Other', image: mine.path }],
      ['POST', '/api/food-trucks', { name: 'Thief', cuisine: 'Other', gallery: [mine.path] }],
      ['PATCH', `/api/food-trucks/${theirs.body.id}`, { image: mine.path }],
      ['PATCH', `/api/food-trucks/${theirs.body.id}`, { menuDocuments: [mine.path] }],
    ] as const) {
      const res = await server.request<ErrorResponse>(method, path, { token: otherOperator.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe('File not found. Please upload it again.');
    }
    expect((await server.db.select({ id: foodTrucks.id }).from(foodTrucks)).length).toBe(trucksBefore);
    const [stored] = await server.db
      .select({ image: foodTrucks.image })
      .from(foodTrucks)
      .where(eq(foodTrucks.id, theirs.body.id));
    expect(stored?.image).toBeNull();
    // The uploader and admins still may.
    for (const session of [operator, admin]) {
      const ok = await server.request('POST', '/api/food-trucks', {
        token: session.token,
        body: { name: 'Mine', cuisine: 'Other', image: mine.path },
      });
      expect(ok.status).toBe(201);
    }
  });

  it('refuses a pending upload whose bytes never arrived', async () => {
    const { body } = await uploadURL(operator);
    const res = await server.request<ErrorResponse>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { ...truck, image: objectPathFromUploadURL(body.uploadURL) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file has not been uploaded yet');
  });

  it('sets a menu item image from an upload', async () => {
    const t = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: operator.token,
      body: truck,
    });
    const item = await server.request<MenuItem>('POST', '/api/menu-items', {
      token: operator.token,
      body: { foodTruckId: t.body.id, name: 'Soda', price: 2 },
    });
    const image = await upload(await picture('png', 300, 300), 'image/png', 'menu-item-image');
    const res = await server.request<MenuItem>('PUT', `/api/menu-items/${item.body.id}/image`, {
      token: operator.token,
      body: { imageURL: image.path },
    });
    expect(res.status).toBe(200);
    expect(res.body.image).toBe(image.path);
  });
});
