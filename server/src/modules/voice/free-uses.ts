import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/cookies';
import { FREE_VOICE_USES } from '@shared/constants';
import type { Database } from '../../db/client';
import { voiceFreeUses } from '../../db/schema';

/**
 * The free voice allowance: FREE_VOICE_USES successful questions per anonymous visitor, counted
 * by the server under two keys at once — the visitor's signed cookie and the client address (a
 * cleared cookie does not reset the allowance; the address count restarts after a day). The
 * counts live in PostgreSQL so every process enforces the same numbers.
 */
export const VISITOR_COOKIE = 'ftf_voice_visitor';

function sign(secret: string, id: string): string {
  return createHmac('sha256', `voice-visitor:${secret}`).update(id).digest('base64url');
}

/** The visitor id from a valid signed cookie, or a new one (set on the reply). */
export function visitorId(request: FastifyRequest, reply: FastifyReply, secret: string): string {
  const cookie = readCookie(request, VISITOR_COOKIE);
  const [id, signature] = cookie?.split('.') ?? [];
  if (id && signature && /^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const expected = Buffer.from(sign(secret, id));
    const given = Buffer.from(signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return id;
  }
  const fresh = randomBytes(16).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${VISITOR_COOKIE}=${fresh}.${sign(secret, fresh)}; Path=/api; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`,
  );
  return fresh;
}

export interface FreeUseKeys {
  visitor: string;
  address: string;
}

const keysOf = (keys: FreeUseKeys) => [`visitor:${keys.visitor}`, `address:${keys.address}`] as const;

/**
 * Takes one use under both keys, atomically; returns the uses left (the smaller of the two), or
 * undefined when either key has none left (then nothing is taken).
 */
export async function takeFreeUse(db: Database, keys: FreeUseKeys, perAddress: number): Promise<number | undefined> {
  const [visitorKey, addressKey] = keysOf(keys);
  try {
    return await db.transaction(async (tx) => {
      const [visitor] = await tx
        .insert(voiceFreeUses)
        .values({ key: visitorKey, uses: 1 })
        .onConflictDoUpdate({
          target: voiceFreeUses.key,
          set: { uses: sql`${voiceFreeUses.uses} + 1` },
          setWhere: sql`${voiceFreeUses.uses} < ${FREE_VOICE_USES}`,
        })
        .returning({ uses: voiceFreeUses.uses });
      const expired = sql`${voiceFreeUses.windowStart} < now() - interval '1 day'`;
      const [address] = await tx
        .insert(voiceFreeUses)
        .values({ key: addressKey, uses: 1 })
        .onConflictDoUpdate({
          target: voiceFreeUses.key,
          set: {
            uses: sql`case when ${expired} then 1 else ${voiceFreeUses.uses} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${voiceFreeUses.windowStart} end`,
          },
          setWhere: sql`${voiceFreeUses.uses} < ${perAddress} or ${expired}`,
        })
        .returning({ uses: voiceFreeUses.uses });
      const visitorUses = visitor?.uses;
      const addressUses = address?.uses;
      if (visitorUses === undefined || addressUses === undefined) throw new Exhausted();
      return Math.max(0, Math.min(FREE_VOICE_USES - visitorUses, perAddress - addressUses));
    });
  } catch (error) {
    if (error instanceof Exhausted) return undefined;
    throw error;
  }
}

/**
 * The free questions left under both keys, without taking one (the smaller of the two; an address
 * whose day is over has its whole allowance again). Read first, so a refused or misunderstood
 * question never writes a row: the use is taken only for an understood answer.
 */
export async function freeUsesLeft(db: Database, keys: FreeUseKeys, perAddress: number): Promise<number> {
  const [visitorKey, addressKey] = keysOf(keys);
  const rows = await db
    .select({
      key: voiceFreeUses.key,
      uses: voiceFreeUses.uses,
      expired: sql<boolean>`${voiceFreeUses.windowStart} < now() - interval '1 day'`,
    })
    .from(voiceFreeUses)
    .where(inArray(voiceFreeUses.key, [visitorKey, addressKey]));
  const used = (key: string) => rows.find((r) => r.key === key);
  const visitor = used(visitorKey)?.uses ?? 0;
  const address = used(addressKey);
  const addressUses = !address || address.expired ? 0 : address.uses;
  return Math.max(0, Math.min(FREE_VOICE_USES - visitor, perAddress - addressUses));
}

class Exhausted extends Error {}
