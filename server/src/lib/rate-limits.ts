import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from './http-errors';

/**
 * Rate limits shared by every process (ADR 0110): counters live in the `rate_limits` table and
 * move with one atomic upsert, so two processes behind nginx enforce one limit, and a restart does
 * not reset them. Used by @fastify/rate-limit (as its store, for per-route limits) and directly
 * for the limits a route cannot express (sign-in failures, truck openings, the daily free-voice cap).
 */
export interface RateLimits {
  /** Failed sign-ins per account name per window; then 429 until the window ends (never for ever). */
  signInFailuresPerAccount: number;
  /** Failed sign-ins per client address per window (spraying many names from one address). */
  signInFailuresPerAddress: number;
  signInWindowMinutes: number;
  /** New accounts per client address per hour (register and register-customer together). */
  signupsPerAddressPerHour: number;
  /** Truck openings (each may text every customer who favourited the truck) per operator per hour. */
  truckOpeningsPerOperatorPerHour: number;
  /** Free voice questions per day from all anonymous visitors together (caps the speech bill). */
  freeVoicePerDay: number;
  /** Upload URLs per user per hour (each is a row, and on S3 a presigned PUT). */
  uploadUrlsPerUserPerHour: number;
  /**
   * GETs of the public read API (trucks, menus, schedules, calendars; any origin may call it) per
   * client address per minute. A diner's /find-trucks polls the list every 7 s, so the default is
   * far above what one screen or a few behind one NAT need.
   */
  publicReadsPerAddressPerMinute: number;
  /** Event streams open at once in one process per client address, and per signed-in account (issue 32). */
  eventStreamsPerAddress: number;
  eventStreamsPerAccount: number;
  /** Address searches and reverse lookups per operator per minute (each may call the geocoder; ADR 0151). */
  geocodeRequestsPerUserPerMinute: number;
  /** Claim codes texted per operator per hour (each is an SMS to a listing's phone; ADR 0158). */
  claimTextsPerOperatorPerHour: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInFailuresPerAccount: 10,
  signInFailuresPerAddress: 50,
  signInWindowMinutes: 15,
  signupsPerAddressPerHour: 20,
  truckOpeningsPerOperatorPerHour: 30,
  freeVoicePerDay: 5_000,
  uploadUrlsPerUserPerHour: 300,
  publicReadsPerAddressPerMinute: 600,
  eventStreamsPerAddress: 100,
  eventStreamsPerAccount: 10,
  geocodeRequestsPerUserPerMinute: 60,
  claimTextsPerOperatorPerHour: 10,
};

/** The limits in force: the defaults, overridden by the ones AppConfig.rateLimits sets (tests raise them). */
export function rateLimitsOf(config: { rateLimits?: { [K in keyof RateLimits]?: number | undefined } | undefined }): RateLimits {
  const set = Object.entries(config.rateLimits ?? {}).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_RATE_LIMITS, ...(Object.fromEntries(set) as Partial<RateLimits>) };
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export interface Count {
  /** Hits in the current window (0 when there is none). */
  hits: number;
  /** Milliseconds until the window ends (0 when there is none). */
  ttlMs: number;
}

const countRows = z.object({ rows: z.array(z.object({ hits: z.coerce.number(), ttl_ms: z.coerce.number() })) });
const windowOf = (windowMs: number) => sql`make_interval(secs => ${windowMs / 1000})`;

/** Counts one hit under `key` in a window of `windowMs` that starts with the key's first hit. */
export async function hit(db: DbOrTx, key: string, windowMs: number): Promise<Count> {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const { rows } = countRows.parse(
    await db.execute(sql`
      insert into ${rateLimits} (key, hits, reset_at) values (${key}, 1, now() + ${windowOf(windowMs)})
      on conflict (key) do update set
        hits = case when ${expired} then 1 else ${rateLimits.hits} + 1 end,
        reset_at = case when ${expired} then now() + ${windowOf(windowMs)} else ${rateLimits.resetAt} end
      returning hits, greatest(0, extract(epoch from reset_at - now()) * 1000) as ttl_ms`),
  );
  const row = rows[0] ?? { hits: 1, ttl_ms: windowMs };
  if (Math.random() < 0.01) await sweep(db);
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

/** Takes back one hit under `key` (an attempt counted up front that turned out not to count). */
export async function unhit(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(0, ${rateLimits.hits} - 1)` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
}

export async function clear(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Windows that ended an hour ago are only clutter (done now and then by hit()). */
async function sweep(db: DbOrTx): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
}

/** 429 with Retry-After (seconds until the window ends). */
export function tooManyRequests(message: string, ttlMs: number): HttpError {
  return new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) });
}

/** Counts a hit and refuses (429) once there are more than `max` in the window. */
export async function takeOrRefuse(db: DbOrTx, key: string, max: number, windowMs: number, message: string): Promise<void> {
  const count = await hit(db, key, windowMs);
  if (count.hits > max) throw tooManyRequests(message, count.ttlMs);
}

/**
 * @fastify/rate-limit's store on this table. Each route's limiter counts under its own prefix (the
 * route, or the limit's `groupId` when several routes share one limit).
 */
export function databaseRateLimitStore(db: DbOrTx): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    /** @fastify/rate-limit passes its options (unused); child() passes the prefix. */
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      hit(db, `${this.prefix}${key}`, timeWindow).then(
        (count) => callback(null, { current: count.hits, ttl: count.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = routeOptions as typeof routeOptions & { groupId?: string; routeInfo?: { method?: unknown; url?: string } };
      const route = options.routeInfo?.url ? `${String(options.routeInfo.method)} ${options.routeInfo.url}` : 'limit';
      return new DatabaseStore(undefined, `${options.groupId ?? route}|`);
    }
  }
  return DatabaseStore;
}
