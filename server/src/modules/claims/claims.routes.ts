import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClaimSchema,
  adminClaimsQuerySchema,
  claimCodeSchema,
  claimRejectSchema,
  claimSchema,
  claimStartSchema,
  pageSchema,
} from '@shared/contracts';
import { rateLimitsOf } from '../../lib/rate-limits';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  decideClaim,
  listAdminClaims,
  listOwnClaims,
  resendClaimCode,
  startClaim,
  verifyClaimCode,
  type ClaimDeps,
} from './claims.service';

const tags = ['claims'];

/**
 * Claiming a listing (issue 26, ADR 0158). Operators start and verify their own claims (someone
 * else's claim reads as missing); admins list pending claims and approve or reject them. Code
 * checks are limited per claim (tries, codes) and per caller (the route limit below); texts per
 * operator per hour (claimTextsPerOperatorPerHour, shared by every process).
 */
export const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ClaimDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    claimTextsPerHour: rateLimitsOf(app.config).claimTextsPerOperatorPerHour,
  };
  const operator = requireUser('operator');
  const admin = requireUser('admin');
  // Per caller address, as the auth routes: a claim's own limits stop guessing one code; this
  // stops one client from hammering the claim routes at all.
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/api/food-trucks/:id/claims',
    {
      preHandler: operator,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Claim an unclaimed listing: a code is texted to its phone, or an admin reviews the claim',
        params: idParams,
        body: claimStartSchema,
        response: { 200: claimSchema, 201: claimSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { created, claim } = await startClaim(deps, currentUser(request), request.params.id, request.body.method);
      return reply.code(created ? 201 : 200).send(claim);
    },
  );

  app.get(
    '/api/claims',
    {
      preHandler: operator,
      schema: { tags, summary: "The caller's claims, newest first", response: { 200: z.array(claimSchema), ...errorResponses(401, 403) } },
    },
    async (request) => listOwnClaims(app.db, currentUser(request)),
  );

  app.post(
    '/api/claims/:id/code',
    {
      preHandler: operator,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Check the texted code: the right one makes the listing your truck',
        params: idParams,
        body: claimCodeSchema,
        response: { 200: claimSchema, ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (request) => verifyClaimCode(deps, currentUser(request), request.params.id, request.body.code),
  );

  app.post(
    '/api/claims/:id/resend',
    {
      preHandler: operator,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Text a new code (after a cool-down; a few per claim)',
        params: idParams,
        response: { 200: claimSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => resendClaimCode(deps, currentUser(request), request.params.id),
  );

  app.get(
    '/api/admin/claims',
    {
      preHandler: admin,
      schema: {
        tags: ['admin', ...tags],
        querystring: adminClaimsQuerySchema,
        response: { 200: pageSchema(adminClaimSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAdminClaims(app.db, request.query),
  );

  app.post(
    '/api/admin/claims/:id/approve',
    {
      preHandler: admin,
      schema: {
        tags: ['admin', ...tags],
        params: idParams,
        response: { 200: adminClaimSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => decideClaim(deps, currentUser(request), request.params.id, { approved: true }),
  );

  app.post(
    '/api/admin/claims/:id/reject',
    {
      preHandler: admin,
      schema: {
        tags: ['admin', ...tags],
        params: idParams,
        body: claimRejectSchema,
        response: { 200: adminClaimSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decideClaim(deps, currentUser(request), request.params.id, { approved: false, reason: request.body.reason }),
  );
};
