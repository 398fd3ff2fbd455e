import fp from 'fastify-plugin';
import { MINUTE_MS, rateLimitsOf, takeOrRefuse } from '../lib/rate-limits';
import { isPublicRead } from './public-read-cors';

export const PUBLIC_READ_LIMIT_MESSAGE = 'Too many requests from this address. Please wait a minute and try again.';

/**
 * The public read API (the same paths as public-read-cors.ts: any site may call them) is limited
 * per client address: PUBLIC_READS_PER_ADDRESS_PER_MINUTE GETs a minute, counted in the database
 * (ADR 0110) so every process behind nginx enforces one limit; then 429 `{ message }` with
 * Retry-After until the minute ends. Counted before anything else runs, so a refused request costs
 * one upsert. Registered after the CORS plugin: a cross-origin caller can read the 429 too.
 */
export const publicReadLimit = fp(async (app) => {
  const max = rateLimitsOf(app.config).publicReadsPerAddressPerMinute;
  app.addHook('onRequest', async (request) => {
    if (!isPublicRead(request.method, request.url)) return;
    await takeOrRefuse(app.db, `public-read|${request.ip}`, max, MINUTE_MS, PUBLIC_READ_LIMIT_MESSAGE);
  });
});
