import { FREE_VOICE_USES, STORAGE_KEYS } from '@shared/constants';
import { storage } from '@client/lib/storage';

/**
 * Free questions left for an anonymous visitor (spec section 9: 3, counted in the browser). The
 * server enforces the real count; every answer carries its number and the browser copies it.
 */
export function readFreeUses(): number {
  const raw = storage.get(STORAGE_KEYS.voiceFreeUses);
  const value = raw === null ? FREE_VOICE_USES : Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= FREE_VOICE_USES ? value : FREE_VOICE_USES;
}

export function writeFreeUses(value: number): void {
  storage.set(STORAGE_KEYS.voiceFreeUses, String(Math.max(0, Math.min(FREE_VOICE_USES, value))));
}
