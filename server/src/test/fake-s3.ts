import { createServer, type Server } from 'node:http';

/**
 * A tiny S3-compatible server for tests (path-style, no auth checks): PUT, GET, DELETE of keys and
 * the multi-object delete. Enough for the AWS SDK's PutObject/GetObject/DeleteObject(s) and presigned PUTs.
 */
export async function startFakeS3(): Promise<{
  endpoint: string;
  objects: Map<string, Buffer>;
  close(): Promise<void>;
}> {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key = decodeURIComponent(url.pathname.replace(/^\/[^/]+\//, ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'PUT') {
        objects.set(key, body);
        res.writeHead(200, { etag: '"fake"' }).end();
      } else if (req.method === 'GET') {
        const stored = objects.get(key);
        if (!stored) {
          res.writeHead(404, { 'content-type': 'application/xml' });
          res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return;
        }
        res
          .writeHead(200, { 'content-length': stored.length, 'content-type': 'application/octet-stream' })
          .end(stored);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (req.method === 'POST' && url.searchParams.has('delete')) {
        for (const m of body.toString().matchAll(/<Key>([^<]+)<\/Key>/g)) if (m[1]) objects.delete(m[1]);
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><DeleteResult></DeleteResult>');
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake S3 has no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
