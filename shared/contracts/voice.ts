import { z } from 'zod';
import { VOICE_LIMITS } from '../constants';

/** Limits of a voice question: kept in constants.ts (no zod), so the recorder can read them cheaply. */
export { VOICE_LIMITS } from '../constants';

export const VOICE_MESSAGES = {
  noAudio: 'No audio recorded',
  freeUsesExhausted: 'Free uses exhausted',
  undecodable: 'Unsupported or undecodable audio',
} as const;

const coordinate = (min: number, max: number) =>
  z.number({ error: 'must be a number' }).min(min, `must be between ${min} and ${max}`).max(max, `must be between ${min} and ${max}`);

/**
 * A question: recorded audio (base64, optionally as a data: URL, as browsers record it) or typed
 * text. The audio type is read from the bytes, never from a declared type.
 */
export const voiceQuerySchema = z.object({
  audioData: z.string().optional(),
  text: z.string().trim().max(VOICE_LIMITS.maxTextLength, `must be at most ${VOICE_LIMITS.maxTextLength} characters`).optional(),
  userLocation: z
    .object({ latitude: coordinate(-90, 90), longitude: coordinate(-180, 180) })
    .nullish(),
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a session id from an earlier answer').nullish(),
});
export type VoiceQuery = z.infer<typeof voiceQuerySchema>;

export const voiceAnswerSchema = z.object({
  /** The spoken answer, as text. */
  text: z.string(),
  /** What was heard (or typed); empty when nothing usable was heard. */
  transcript: z.string(),
  sessionId: z.string(),
  recommendedTruckIds: z.array(z.number().int()),
  recommendedTruckId: z.number().int().nullable(),
  /** The recommended trucks' names, in the same order, for "show on map" buttons. */
  recommendedTrucks: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Serves the spoken answer (audio) for at least 10 minutes. */
  audioUrl: z.string().nullable(),
  /** Free endpoint only: successful questions left for this visitor. */
  freeUsesRemaining: z.number().int().min(0).optional(),
});
export type VoiceAnswer = z.infer<typeof voiceAnswerSchema>;

/** GET /api/voice-assistant-free/uses: the free questions this visitor has left, before asking. */
export const voiceFreeUsesSchema = z.object({ freeUsesRemaining: z.number().int().min(0) });
export type VoiceFreeUses = z.infer<typeof voiceFreeUsesSchema>;
