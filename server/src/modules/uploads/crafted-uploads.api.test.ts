import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPathFromUploadURL, type AuthResponse, type ErrorResponse } from '@shared/contracts';
import { storedObjects } from '../../db/schema';
import { chunk } from '../../../../e2e/test-files';
import { startTestServer, type TestServer } from '../../test/harness';
import { PDF_ACTIVE_CONTENT, PIXEL_LIMITS, tooManyPixels } from './object-processing';

/**
 * Uploads against crafted files (issue 13): polyglots, decompression bombs, lying content types,
 * PDFs with scripts — each refused, or neutralised so that what is served can never run script in
 * our origin (ADR 0030, ADR 0110).
 */
let server: TestServer;
let operator: AuthResponse;
beforeAll(async () => {
  server = await startTestServer();
  operator = await server.signUpSubscribedOperator();
});
afterAll(() => server.close());

interface Put {
  status: number;
  body: ErrorResponse;
  path: string;
}

async function put(bytes: Buffer, contentType: string, purpose = 'image', as = operator): Promise<Put> {
  const url = await server.request<{ uploadURL: string }>('POST', '/api/objects/upload', {
    token: as.token,
    body: { purpose },
  });
  const res = await fetch(url.body.uploadURL, {
    method: 'PUT',
    headers: { authorization: `Bearer ${as.token}`, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as ErrorResponse, path: objectPathFromUploadURL(url.body.uploadURL) };
}

const isStored = async (path: string) => {
  const [row] = await server.db.select().from(storedObjects).where(eq(storedObjects.id, path.replace('/objects/', '')));
  return row?.status === 'ready';
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a6' } }).png().toBuffer();
const SCRIPT = '<html><body><script>fetch("/api/auth/me").then(r=>r.text()).then(alert)</script></body></html>';

/** The headers that keep a served file from running script, whatever its bytes (the body is read to the end). */
async function expectInert(res: Response, contentType: string) {
  await res.arrayBuffer();
  expect(res.headers.get('content-type')).toBe(contentType);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain('sandbox');
}

describe('polyglots', () => {
  it('refuses a GIF/JavaScript polyglot (GIF is not an accepted type; the type comes from the bytes)', async () => {
    const gifJs = Buffer.concat([
      Buffer.from('GIF89a/*', 'latin1'),
      Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]),
      Buffer.from('*/=1;alert(document.domain);//', 'latin1'),
    ]);
    const res = await put(gifJs, 'image/png');
    expect(res.status).toBe(415);
    expect(await isStored(res.path)).toBe(false);
  });

  it('serves a PNG+HTML polyglot re-encoded: the HTML (appended, or in a text chunk) is gone, and the answer is inert', async () => {
    const clean = await png();
    const iend = clean.length - 12; // the IEND chunk is the last 12 bytes
    const withTextChunk = Buffer.concat([
      clean.subarray(0, iend),
      chunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')),
      clean.subarray(iend),
      Buffer.from(SCRIPT, 'latin1'), // and after the end of the image
    ]);
    const res = await put(withTextChunk, 'text/html');
    expect(res.status).toBe(200);
    for (const variant of ['', '?variant=thumb']) {
      const served = await fetch(server.url + res.path + variant);
      const bytes = Buffer.from(await served.clone().arrayBuffer());
      await expectInert(served, variant ? 'image/webp' : 'image/png');
      expect(bytes.toString('latin1')).not.toContain('<script');
    }
  });
});

describe('decompression bombs', () => {
  it('refuses a small PNG that claims 100,000 × 100,000 pixels by its header, before decoding it (413)', async () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(100_000, 0);
    header.writeUInt32BE(100_000, 4);
    header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
    const rows = deflateSync(Buffer.alloc(100_001 * 4)); // a few rows of zeros; the rest would follow
    const bomb = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
    expect(bomb.length).toBeLessThan(10_000);
    const started = Date.now();
    const res = await put(bomb, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(tooManyPixels(PIXEL_LIMITS.subscribed, true));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await isStored(res.path)).toBe(false);
  });

  it('takes at most 24 megapixels from an account without an active subscription, and says so (issue 32)', async () => {
    // 5000 × 5000 of one colour: 25 megapixels in a few kilobytes.
    const big = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#2a6' } }).png().toBuffer();
    const unpaid = await server.signUp('operator');
    const refused = await put(big, 'image/png', 'image', unpaid);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(tooManyPixels(PIXEL_LIMITS.free, false));
    expect(refused.body.message).toContain('until your subscription is active');
    expect(await isStored(refused.path)).toBe(false);
    const paid = await put(big, 'image/png', 'image', operator);
    expect(paid.status).toBe(200);
    expect(await isStored(paid.path)).toBe(true);
  });

  it('refuses a PDF whose compressed stream inflates past the checking budget', async () => {
    const stream = deflateSync(Buffer.alloc(70 * 1024 * 1024, 0x20));
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.5\n1 0 obj<</Length ' + stream.length + '/Filter/FlateDecode>>stream\n', 'latin1'),
      stream,
      Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
    ]);
    const res = await put(pdf, 'application/pdf', 'menu-document');
    expect(res.status).toBe(415);
  });
});

describe('wrong extensions and content types', () => {
  it('refuses HTML sent as image/png (415), and serves a PNG sent as text/html as image/png', async () => {
    const html = await put(Buffer.from(SCRIPT), 'image/png');
    expect(html.status).toBe(415);
    const real = await put(await png(), 'text/html');
    expect(real.status).toBe(200);
    await expectInert(await fetch(server.url + real.path), 'image/png');
  });

  it('refuses an SVG with a script even as a menu document', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await put(svg, 'image/svg+xml', 'menu-document')).status).toBe(415);
  });
});

describe('PDFs', () => {
  const pdf = (catalog: string, extra = '') =>
    Buffer.from(
      `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R${catalog}>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
        `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n${extra}trailer<</Root 1 0 R>>\n%%EOF\n`,
      'latin1',
    );

  it.each([
    ['an OpenAction script', pdf('/OpenAction<</S/JavaScript/JS(app.alert(1))>>')],
    ['a name spelled with #xx escapes', pdf('/OpenAction<</S/J#61vaScript/J#53(app.alert(1))>>')],
    ['a Launch action', pdf('/OpenAction<</S/Launch/F(cmd.exe)>>')],
    ['an embedded file', pdf('/Names<</EmbeddedFiles 4 0 R>>')],
    ['encryption', pdf('', '4 0 obj<</Filter/Standard/V 1>>endobj\n').toString('latin1').replace('trailer<<', 'trailer<</Encrypt 4 0 R')],
    // Issue 32: these were accepted.
    ['an OpenAction link to javascript:', pdf('/OpenAction<</S/URI/URI(javascript:app.alert(1))>>')],
    ['a javascript: link spelt with escapes', pdf('/OpenAction<</S/URI/URI(J\\141va\\Script\\072alert(1))>>')],
    ['a javascript: link spelt in hex', pdf(`/OpenAction<</S/URI/URI<${Buffer.from('javascript:alert(1)').toString('hex')}>>>`)],
    ['an HTML body behind its header', '%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n'],
    ['HTML between its objects', pdf('', '<script>alert(document.domain)</script>\n')],
  ])('refuses a PDF with %s (415)', async (_what, bytes) => {
    const res = await put(Buffer.from(bytes), 'application/pdf', 'menu-document');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(PDF_ACTIVE_CONTENT);
    expect(await isStored(res.path)).toBe(false);
  });

  it('refuses a script hidden in a compressed object stream', async () => {
    const hidden = deflateSync(Buffer.from('<</S/JavaScript/JS(app.alert(1))>>', 'latin1'));
    const objStm = Buffer.concat([
      Buffer.from(`4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${hidden.length}>>stream\n`, 'latin1'),
      hidden,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    const bytes = Buffer.concat([pdf('/OpenAction 5 0 R').subarray(0, -30), objStm, Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n')]);
    const res = await put(bytes, 'application/pdf', 'menu-document');
    expect(res.status).toBe(415);
  });

  it('stores a plain PDF and serves it as an inert download', async () => {
    const res = await put(pdf(''), 'image/png', 'menu-document');
    expect(res.status).toBe(200);
    const served = await fetch(server.url + res.path);
    await expectInert(served, 'application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});
