import type { FastifyRequest } from 'fastify';
import { recordTruckInsight } from '../insights/insights-recording';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VOICE_LIMITS,
  VOICE_MESSAGES,
  voiceAnswerSchema,
  voiceFreeUsesSchema,
  voiceQuerySchema,
  type VoiceQuery,
} from '@shared/contracts/voice';
import { errorResponses } from '../../lib/route-params';
import { HttpError, notFound } from '../../lib/http-errors';
import { DAY_MS, rateLimitsOf, takeOrRefuse } from '../../lib/rate-limits';
import { currentUser, requireUser } from '../../plugins/auth';
import { freeUsesLeft, takeFreeUse, visitorId } from './free-uses';
import type { Asker } from './voice.service';

const tags = ['voice'];
const errors = errorResponses(400, 401, 413, 429);
/** Base64 of the largest recording, plus room for the rest of the JSON. */
const BODY_LIMIT = Math.ceil((VOICE_LIMITS.maxAudioBytes * 4) / 3) + 64 * 1024;

export interface VoiceRouteOptions {
  /** Questions per minute per signed-in user. */
  ratePerMinute: number;
  /** Free questions per client address per day (on top of FREE_VOICE_USES per visitor cookie). */
  freeUsesPerAddress: number;
  /**
   * Anonymous questions the server works on per client address per day, whatever the outcome: a
   * question not understood uses no free question, but it cost the recogniser as much (issue 32).
   */
  freeAttemptsPerAddress: number;
}

/**
 * The per-address numbers are abuse guards, well above one visitor's 3 (issue 25): a café's Wi-Fi
 * or a carrier's address is shared by many diners, each with their own 3 free questions.
 */
export const DEFAULT_VOICE_OPTIONS: VoiceRouteOptions = { ratePerMinute: 20, freeUsesPerAddress: 30, freeAttemptsPerAddress: 60 };

/** POST /api/voice-assistant (signed in), POST /api/voice-assistant-free (anonymous), GET the spoken answer. */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const assistant = app.voiceAssistant;
  const { ratePerMinute, freeUsesPerAddress, freeAttemptsPerAddress } = { ...DEFAULT_VOICE_OPTIONS, ...app.config.voice };
  const { freeVoicePerDay } = rateLimitsOf(app.config);
  const ask = async (query: VoiceQuery, asker: Asker, caller: string, request: FastifyRequest) => {
    const result = await assistant.ask(query, asker, caller);
    // Answers that named a truck count for its operator's insights (issue 31; a push onto the buffer).
    for (const truck of result.answer.recommendedTrucks) recordTruckInsight(app, request, 'voice_named', { id: truck.id, operatorId: null });
    return result;
  };

  app.post(
    '/api/voice-assistant',
    {
      bodyLimit: BODY_LIMIT,
      onRequest: requireUser(),
      config: {
        rateLimit: {
          max: ratePerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `voice-user:${request.user?.id ?? request.ip}`,
        },
      },
      schema: { tags, body: voiceQuerySchema, response: { 200: voiceAnswerSchema, ...errors } },
    },
    async (request) => {
      const { id } = currentUser(request);
      return (await ask(request.body, { userId: id }, `user:${id}`, request)).answer;
    },
  );

  // The counter the panel shows before the first question: this visitor's free questions left, as
  // the server counts them (the browser's stored number is only a first guess).
  app.get(
    '/api/voice-assistant-free/uses',
    { schema: { tags, response: { 200: voiceFreeUsesSchema, ...errorResponses(429) } } },
    async (request, reply) => {
      const keys = { visitor: visitorId(request, reply, app.config.jwtSecret), address: request.ip };
      reply.header('cache-control', 'no-store');
      return { freeUsesRemaining: await freeUsesLeft(app.db, keys, freeUsesPerAddress) };
    },
  );

  app.post(
    '/api/voice-assistant-free',
    {
      bodyLimit: BODY_LIMIT,
      // Attempts (not only successes) per address, so failing questions cannot burn the CPU.
      config: { rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } },
      schema: { tags, body: voiceQuerySchema, response: { 200: voiceAnswerSchema, ...errors } },
    },
    async (request, reply) => {
      const keys = { visitor: visitorId(request, reply, app.config.jwtSecret), address: request.ip };
      // The caller's own allowances first: a question they refuse never reaches the shared one
      // below, so one address cannot spend everyone's (issue 32).
      const left = await freeUsesLeft(app.db, keys, freeUsesPerAddress);
      if (left === 0) throw new HttpError(429, VOICE_MESSAGES.freeUsesExhausted);
      // Every question worked on from this address today, understood or not: recognising noise
      // costs as much as a question, and this bounds what one address takes from the shared cap.
      await takeOrRefuse(app.db, `voice-free-attempts:${keys.address}`, freeAttemptsPerAddress, DAY_MS, VOICE_MESSAGES.freeUsesExhausted);
      // Every anonymous question together, per day: however many addresses ask, the speech bill is
      // bounded (OWASP API4). Only questions the server will work on count.
      await takeOrRefuse(app.db, 'voice-free:all', freeVoicePerDay, DAY_MS, VOICE_MESSAGES.freeUsesExhausted);
      const result = await ask(request.body, { visitorId: keys.visitor }, `address:${keys.address}`, request);
      // Only questions that were understood use up a free question; taken atomically now, so
      // concurrent questions cannot together go over the allowance.
      if (!result.understood) return { ...result.answer, freeUsesRemaining: left };
      const remaining = await takeFreeUse(app.db, keys, freeUsesPerAddress);
      if (remaining === undefined) throw new HttpError(429, VOICE_MESSAGES.freeUsesExhausted);
      return { ...result.answer, freeUsesRemaining: remaining };
    },
  );

  app.get(
    '/api/voice-assistant/audio/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
        response: { 200: z.unknown().describe('The spoken answer (audio/wav or audio/mpeg)'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const audio = await assistant.answerAudio(request.params.id).catch(() => undefined);
      if (!audio) throw notFound('This answer is no longer available');
      return reply
        .type(audio.contentType)
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .send(audio.audio);
    },
  );
};
