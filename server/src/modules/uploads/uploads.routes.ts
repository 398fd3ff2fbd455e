import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_VARIANTS,
  UPLOAD_RULES,
  uploadedObjectSchema,
  uploadRequestSchema,
  uploadResponseSchema,
} from '@shared/contracts';
import { errorResponses } from '../../lib/route-params';
import { payloadTooLarge } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { takeUploadAllowance } from './stored-objects';
import { UPLOADER_ROLES } from './uploads.policy';
import { admitUpload, createUploadURL, readObject, receiveUpload, uploadDepsFor } from './uploads.service';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 413, 415, 429);
const tags = ['uploads'];
/** The largest file any purpose accepts (banner/gallery photos); each purpose then checks its own. */
const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/**
 * Uploads: POST /api/objects/upload → { uploadURL }; PUT the file there; served at /objects/:id
 * (and /objects/:id?variant=thumb|card|banner for images). See docs/decisions/0030-object-uploads.md.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = uploadDepsFor(app);
  /** The pending object a PUT was admitted for (checked before its body is read). */
  const admitted = new WeakMap<object, Awaited<ReturnType<typeof admitUpload>>>();

  app.post(
    '/api/objects/upload',
    {
      preHandler: requireUser(...UPLOADER_ROLES),
      // No body at all (Fastify gives null) means a generic image.
      schema: {
        tags,
        body: z.preprocess((v) => v ?? undefined, uploadRequestSchema),
        response: { 200: uploadResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Each URL is a row (and on S3 a presigned PUT): a cap per uploader, shared by every process,
      // keeps a runaway or hostile client from filling the table or the bucket (ADR 0110). One
      // counter with the data URLs that truck and menu calls attach (issue 32).
      await takeUploadAllowance(deps, app.db, currentUser(request).id);
      // Built from PUBLIC_URL, never from the Host header: a caller must not choose where
      // another page's upload goes (ADR 0060).
      const origin = app.config.publicUrl.replace(/\/+$/, '');
      return { uploadURL: await createUploadURL(deps, currentUser(request), request.body.purpose, origin) };
    },
  );

  // The file's bytes, whatever content type the client claims: the type is read from the bytes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );

    const params = z.object({ signature: z.string().max(100), id: z.string().max(100) });
    scope.put(
      '/api/objects/upload/:signature/:id',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        // Refuse before reading the body: bad signature, wrong user, used, expired, or too large.
        onRequest: async (request) => {
          const { signature, id } = request.params as z.infer<typeof params>;
          const row = await admitUpload(deps, request.user, signature, id);
          const rule = UPLOAD_RULES[row.purpose as keyof typeof UPLOAD_RULES];
          if (Number(request.headers['content-length'] ?? 0) > rule.maxBytes)
            throw payloadTooLarge(rule.sizeMessage);
          admitted.set(request, row);
        },
        schema: { tags, params, response: { 200: uploadedObjectSchema, ...errors } },
      },
      async (request) => {
        const row = admitted.get(request);
        if (!row) throw new Error('upload was not admitted');
        const body = request.body;
        return receiveUpload(deps, row, Buffer.isBuffer(body) ? body : Buffer.alloc(0));
      },
    );
  });

  app.get(
    '/objects/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({
          variant: z.enum(IMAGE_VARIANTS, { error: 'variant must be thumb, card or banner' }).optional(),
        }),
        // The body is the file itself (a stream), so no response schema; errors are the usual JSON.
      },
    },
    async (request, reply) => {
      const object = await readObject(deps, request.params.id, request.query.variant);
      reply
        .header('content-type', object.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', object.etag)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-site');
      // Files are never documents of this site: a sandboxed CSP for all, and PDFs (which can
      // carry scripts and forms) are downloaded rather than rendered in the site's origin.
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      if (object.contentType === 'application/pdf')
        reply.header('content-disposition', 'attachment; filename="menu.pdf"');
      if (request.headers['if-none-match'] === object.etag) {
        object.stored.body.destroy();
        return reply.status(304).send();
      }
      if (object.stored.size !== undefined) reply.header('content-length', object.stored.size);
      return reply.send(object.stored.body);
    },
  );
};
