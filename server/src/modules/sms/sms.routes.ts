import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsInboundResultSchema, smsInboundSimulationSchema, smsPreferencesSchema } from '@shared/contracts/customers';
import { errorResponses } from '../../lib/route-params';
import { forbidden } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { setSmsOptOut, smsOptedOut } from './sms-outbox.service';

/** Replies that stop every SMS, and the ones that start them again (Twilio's standard keywords). */
export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const START_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;

/** What an inbound text asks for: its whole body, trimmed and in any case, is the keyword. */
export function optOutRequest(body: string | undefined): boolean | undefined {
  const word = (body ?? '').trim().toUpperCase();
  if ((STOP_KEYWORDS as readonly string[]).includes(word)) return true;
  if ((START_KEYWORDS as readonly string[]).includes(word)) return false;
  return undefined;
}

const INBOUND_BODY_LIMIT = 64 * 1024;

/**
 * The offline provider has no signer, so nothing that reaches the webhook can be told from a
 * forgery (any web page can post that form): it takes no inbound message from the network.
 */
export const OFFLINE_INBOUND_REFUSED =
  'Inbound SMS needs Twilio (TWILIO_ variables); with the offline provider an admin posts replies to /api/admin/sms/inbound';

/** Applies a reply's STOP or START to the accounts with that phone number. */
async function applyReply(app: FastifyInstance, from: string | undefined, body: string | undefined) {
  const optOut = optOutRequest(body) ?? null;
  const matched = optOut !== null && from ? await setSmsOptOut(app.db, { phone: from }, optOut) : 0;
  return { optOut, matched };
}
/** Twilio's webhook fields (From, Body, MessageSid…), all text. */
const inboundForm = z.record(z.string(), z.string());

/**
 * SMS opt-out: replies to our number (POST /api/sms/inbound, Twilio's form-encoded webhook) and
 * the signed-in customer's switch 'Text me when my favorites open'.
 */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/user/sms-preferences',
    {
      preHandler: requireUser('customer'),
      schema: {
        tags: ['sms'],
        summary: "Whether the caller gets an SMS when a favorite truck opens",
        response: { 200: smsPreferencesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ smsAlerts: !(await smsOptedOut(app.db, currentUser(request).id)) }),
  );

  app.put(
    '/api/auth/user/sms-preferences',
    {
      preHandler: requireUser('customer'),
      schema: {
        tags: ['sms'],
        body: smsPreferencesSchema,
        response: { 200: smsPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await setSmsOptOut(app.db, { userId: currentUser(request).id }, !request.body.smsAlerts);
      return { smsAlerts: request.body.smsAlerts };
    },
  );

  app.post(
    '/api/admin/sms/inbound',
    {
      preHandler: requireUser('admin'),
      schema: {
        tags: ['sms'],
        summary: 'Admins: apply a reply as if it came to our number (the offline provider takes none from the network)',
        body: smsInboundSimulationSchema,
        response: { 200: smsInboundResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await applyReply(app, request.body.from, request.body.body);
      request.log.info({ ...result, adminId: currentUser(request).id }, 'sms reply posted by an admin');
      return result;
    },
  );

  // Twilio posts application/x-www-form-urlencoded; only this route parses it.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: INBOUND_BODY_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      '/api/sms/inbound',
      {
        bodyLimit: INBOUND_BODY_LIMIT,
        schema: {
          tags: ['sms'],
          summary:
            'Twilio inbound SMS webhook: STOP opts the sender out, START back in (answers 204); 403 without Twilio',
          body: inboundForm,
          response: { 204: z.null(), ...errorResponses(400, 403) },
        },
      },
      async (request, reply) => {
        const params = inboundForm.parse(request.body);
        if (app.integrations.sms.name === 'offline') throw forbidden(OFFLINE_INBOUND_REFUSED);
        const signature = request.headers['x-twilio-signature'];
        // Twilio signs the URL it called, which is ours as the public sees it (never the Host header).
        const url = `${app.config.publicUrl}${request.url}`;
        if (!app.integrations.sms.verifyInbound({ url, params, signature: typeof signature === 'string' ? signature : undefined })) {
          throw forbidden('Invalid Twilio signature');
        }
        const result = await applyReply(app, params.From, params.Body);
        if (result.optOut !== null) request.log.info(result, 'sms opt-out reply');
        return reply.status(204).send(null);
      },
    );
  });
};
