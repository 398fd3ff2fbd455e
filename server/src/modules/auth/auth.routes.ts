import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  changePasswordSchema,
  deleteOwnAccountSchema,
  ownDetailsResponseSchema,
  ownDetailsSchema,
  phoneChangeConfirmSchema,
  customerSignupSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  RESET_CODE_SENT,
  loginSchema,
  publicUserSchema,
  registerSchema,
} from '@shared/contracts';
import { errorResponses } from '../../lib/route-params';
import { unauthorized } from '../../lib/http-errors';
import { HOUR_MS, MINUTE_MS, rateLimitsOf, takeOrRefuse } from '../../lib/rate-limits';
import { currentUser, requireUser } from '../../plugins/auth';
import { authenticate, changePassword, createAccount, endSessions, findPublicUser, type Account } from './auth.service';
import { confirmPhoneChange, sendPhoneConfirmationCode, updateOwnDetails } from './own-details.service';
import { SIGN_IN_THROTTLED } from './sign-in-throttle';
import { deleteOwnAccount } from '../admin/admin-accounts.service';
import { withSignInThrottle } from './sign-in-throttle';
import { requestPasswordReset, resetPassword } from './password-reset.service';

export const SIGNUPS_CAPPED = 'Too many new accounts from this address. Please try again later.';
export const CODES_CAPPED = 'Too many codes asked for. Please try again later.';
export const RESET_TRIES_CAPPED = 'Too many tries. Please try again later.';

/** Each code costs a text: per number, and per client address over every number (ADR 0187). */
const RESET_CODES_PER_PHONE_PER_HOUR = 3;
const RESET_CODES_PER_ADDRESS_PER_HOUR = 10;
/** Codes tried per client address, over every number: a number's own code takes 5 tries. */
const RESET_TRIES_PER_ADDRESS_PER_HOUR = 30;
/** Codes texted to confirm a new number, per account and per number (ADR 0188); each takes 5 tries. */
const PHONE_CODES_PER_HOUR = 3;

const errors = errorResponses(400, 401, 409, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const session = async ({ user, sessionVersion }: Account) => ({
    user,
    token: await app.tokens.sign({ userId: user.id, sessionVersion }),
  });
  const reserved = { adminUsername: app.config.adminUsername };
  const limits = rateLimitsOf(app.config);
  /** Guessing a signed-in account's password (changing it, or its details) is counted like failed sign-ins. */
  const countPasswordCheck = (userId: number) =>
    takeOrRefuse(app.db, `change-password:${userId}`, limits.signInFailuresPerAccount, limits.signInWindowMinutes * MINUTE_MS, SIGN_IN_THROTTLED);
  /** Codes texted to confirm a number, per account and per number (ADR 0188, 0189). */
  const capPhoneCodesOf = (userId: number) => async (phone: string) => {
    await takeOrRefuse(app.db, `phone-change:user:${userId}`, PHONE_CODES_PER_HOUR, HOUR_MS, CODES_CAPPED);
    await takeOrRefuse(app.db, `phone-change:phone:${phone}`, PHONE_CODES_PER_HOUR, HOUR_MS, CODES_CAPPED);
  };
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

  app.post(
    '/api/auth/password-reset',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Texts a code to choose a new password to the account with this phone; answered alike whether or not there is one',
        body: passwordResetRequestSchema,
        response: { 202: z.object({ message: z.string() }), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { phone } = request.body;
      await takeOrRefuse(app.db, `password-reset:address:${request.ip}`, RESET_CODES_PER_ADDRESS_PER_HOUR, HOUR_MS, CODES_CAPPED);
      await takeOrRefuse(app.db, `password-reset:phone:${phone}`, RESET_CODES_PER_PHONE_PER_HOUR, HOUR_MS, CODES_CAPPED);
      await requestPasswordReset(app.db, phone);
      return reply.status(202).send({ message: RESET_CODE_SENT });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Sets a new password with the texted code, ending the account's other sessions, and signs in",
        body: passwordResetSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await takeOrRefuse(app.db, `password-reset-try:address:${request.ip}`, RESET_TRIES_PER_ADDRESS_PER_HOUR, HOUR_MS, RESET_TRIES_CAPPED);
      return session(await resetPassword(app.db, request.body));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['auth'],
        summary: "Signs out: ends the caller's token, and every other session of the account (issue 32)",
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await endSessions(app.db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['auth'],
        summary: "Changes the caller's own password; every other session ends, this one goes on with the new token",
        body: changePasswordSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await countPasswordCheck(id);
      return session(await changePassword(app.db, id, request.body.currentPassword, request.body.newPassword));
    },
  );

  app.put(
    '/api/auth/me',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['auth'],
        summary:
          "Changes the caller's own username and email, confirmed with their current password; a new phone is texted a code, and taken with it (POST /api/auth/me/phone)",
        body: ownDetailsSchema,
        response: { 200: ownDetailsResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await countPasswordCheck(id);
      const { account, phoneToConfirm } = await updateOwnDetails(app.db, id, request.body, { ...reserved, capPhoneCodes: capPhoneCodesOf(id) });
      return { ...(await session(account)), phoneToConfirm };
    },
  );

  app.post(
    '/api/auth/me/phone/code',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['auth'],
        summary: "Texts a code to the caller's own number, to confirm it: alerts are texted only to a confirmed number (ADR 0189)",
        response: { 202: z.object({ phoneToConfirm: z.string() }), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      return reply.status(202).send(await sendPhoneConfirmationCode(app.db, id, { capPhoneCodes: capPhoneCodesOf(id) }));
    },
  );

  app.post(
    '/api/auth/me/phone',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['auth'],
        summary: "Makes the number a code was texted to the caller's, confirmed: a new number (ADR 0188) or its own (ADR 0189)",
        body: phoneChangeConfirmSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => session(await confirmPhoneChange(app.db, currentUser(request).id, request.body.code)),
  );

  app.post(
    '/api/auth/delete-account',
    {
      preHandler: requireUser('customer', 'operator'),
      schema: {
        tags: ['auth'],
        summary: "Deletes the caller's own account (a customer's or an operator's, with its trucks), confirmed with their password",
        body: deleteOwnAccountSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 409, 429, 502) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await countPasswordCheck(user.id);
      await deleteOwnAccount(
        { db: app.db, integrations: app.integrations, adminUsername: app.config.adminUsername, log: request.log, publicUrl: app.config.publicUrl },
        user,
        request.body.currentPassword,
      );
      return reply.status(204).send(null);
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
