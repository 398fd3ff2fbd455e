import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  customerSignupSchema,
  loginSchema,
  publicUserSchema,
  registerSchema,
} from '@shared/contracts';
import { errorResponses } from '../../lib/route-params';
import { unauthorized } from '../../lib/http-errors';
import { HOUR_MS, rateLimitsOf, takeOrRefuse } from '../../lib/rate-limits';
import { currentUser, requireUser } from '../../plugins/auth';
import { authenticate, createAccount, findPublicUser, type Account } from './auth.service';
import { withSignInThrottle } from './sign-in-throttle';

export const SIGNUPS_CAPPED = 'Too many new accounts from this address. Please try again later.';

const errors = errorResponses(400, 401, 409, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const session = async ({ user, sessionVersion }: Account) => ({
    user,
    token: await app.tokens.sign({ userId: user.id, sessionVersion }),
  });
  const reserved = { adminUsername: app.config.adminUsername };
  const limits = rateLimitsOf(app.config);
  /** Account creation per client address (OWASP API4: accounts are free to make, so cap them). */
  const capSignups = (address: string) =>
    takeOrRefuse(app.db, `signup:address:${address}`, limits.signupsPerAddressPerHour, HOUR_MS, SIGNUPS_CAPPED);

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: authResponseSchema, ...errors } },
    },
    async (request) => {
      const { username, password } = request.body;
      const account = await withSignInThrottle(app.db, limits, username, request.ip, () =>
        authenticate(app.db, username, password),
      );
      return session(account);
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: registerSchema, response: { 201: authResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await capSignups(request.ip);
      return reply.status(201).send(await session(await createAccount(app.db, request.body, reserved)));
    },
  );

  app.post(
    '/api/auth/register-customer',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: customerSignupSchema, response: { 201: authResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await capSignups(request.ip);
      const account = await createAccount(app.db, { ...request.body, role: 'customer' }, reserved);
      return reply.status(201).send(await session(account));
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: requireUser(),
      schema: { tags: ['auth'], response: { 200: publicUserSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const user = await findPublicUser(app.db, currentUser(request).id);
      if (!user) throw unauthorized();
      return user;
    },
  );
};
