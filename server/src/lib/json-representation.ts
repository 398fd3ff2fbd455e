import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** A JSON body with its ETag and, optionally, pre-compressed copies. */
export interface JsonRepresentation {
  etag: string;
  identity: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** Weak ETag: the same bytes are sent identity, gzip or brotli encoded. */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function representationOf(body: Buffer): JsonRepresentation {
  return { etag: etagOf(body), identity: body, encoded: {} };
}

/** Bodies smaller than this are not worth compressing. */
const MIN_COMPRESS_BYTES = 1024;

/** The representation with gzip and brotli copies, compressed once (in the thread pool). */
export async function compressedRepresentationOf(body: Buffer): Promise<JsonRepresentation> {
  if (body.length < MIN_COMPRESS_BYTES) return representationOf(body);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 6 }),
  ]);
  return { etag: etagOf(body), identity: body, encoded: { br, gzip: gz } };
}

/** If-None-Match matches when it lists the ETag (weak comparison) or is `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag.replace(/^W\//, '') === opaque) return true;
  }
  return false;
}

/**
 * Sends a JSON representation: 304 when If-None-Match matches, otherwise the best encoding the
 * client accepts. Always revalidated (`no-cache`); varies by encoding and by caller.
 */
export function sendJsonRepresentation(request: FastifyRequest, reply: FastifyReply, rep: JsonRepresentation) {
  reply.header('etag', rep.etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Authorization');
  if (ifNoneMatchHits(request.headers['if-none-match'], rep.etag)) return reply.status(304).send();
  const accepted = request.headers['accept-encoding'];
  const available = (Object.keys(rep.encoded) as Encoding[]).sort();
  const encoding = accepted && available.length > 0 ? negotiate(accepted, available) : null;
  const body = encoding ? rep.encoded[encoding] : undefined;
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding && body) return reply.header('content-encoding', encoding).send(body);
  return reply.send(rep.identity);
}
