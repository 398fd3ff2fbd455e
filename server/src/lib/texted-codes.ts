import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The short codes texted to a phone (a listing's claim, ADR 0158; a password reset, ADR 0187): drawn
 * from the CSPRNG, and stored only as a hash over what they are for, the row they belong to and the
 * code, so a hash read from one row says nothing about another's. (Six digits are few: the callers'
 * attempt limits, not the hash, are the guard.)
 */
export function newTextedCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

export function hashTextedCode(purpose: string, id: number, code: string): string {
  return createHash('sha256').update(`${purpose}:${id}:${code}`).digest('hex');
}

export function textedCodeMatches(purpose: string, id: number, code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashTextedCode(purpose, id, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
