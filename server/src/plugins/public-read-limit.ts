import fp from 'fastify-plugin';
import { MINUTE_MS, rateLimitsOf, tooManyRequests } from '../lib/rate-limits';
import { isPublicRead } from './public-read-cors';

export const PUBLIC_READ_LIMIT_MESSAGE = 'Too many requests from this address. Please wait a minute and try again.';

/** Beyond this many addresses in one minute (a flood of spoofed sources), counting starts over. */
const MAX_TRACKED_ADDRESSES = 100_000;

/**
 * Fixed one-minute windows per key, in this process's memory. `take` counts one request and says
 * how many the key has made in its window and how long the window has left.
 */
export class MinuteWindows {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();

  take(key: string, now = Date.now()): { hits: number; ttlMs: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_TRACKED_ADDRESSES) this.sweep(now);
      window = { hits: 0, resetAt: now + MINUTE_MS };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, ttlMs: window.resetAt - now };
  }

  /** Drops the windows that have ended (all of them if the map is still full: fail open). */
  sweep(now = Date.now()): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= MAX_TRACKED_ADDRESSES) this.windows.clear();
  }

  get size(): number {
    return this.windows.size;
  }
}

/**
 * The public read API (the same paths as public-read-cors.ts: any site may call them) is limited
 * per client address: PUBLIC_READS_PER_ADDRESS_PER_MINUTE GETs a minute, then 429 `{ message }`
 * with Retry-After until the minute ends. Registered after the CORS plugin: a cross-origin caller
 * can read the 429 too.
 *
 * Counted in each process's memory, unlike the abuse limits of ADR 0110 (sign-ins, sign-ups, SMS,
 * voice, uploads), which cost money or accounts and are counted in the database: these reads are
 * the diners' polled list, answered from memory with a 304 at thousands a second, and a database
 * write per read would cost more than the read. Behind N processes an address may make up to N
 * times the limit a minute (nginx spreads it), which still bounds a scraper.
 */
export const publicReadLimit = fp(async (app) => {
  const max = rateLimitsOf(app.config).publicReadsPerAddressPerMinute;
  const windows = new MinuteWindows();
  const sweeper = setInterval(() => windows.sweep(), MINUTE_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  app.addHook('onRequest', async (request) => {
    if (!isPublicRead(request)) return;
    const { hits, ttlMs } = windows.take(request.ip);
    if (hits > max) throw tooManyRequests(PUBLIC_READ_LIMIT_MESSAGE, ttlMs);
  });
});
