import { lt } from 'drizzle-orm';
import { tryAdvisoryXactLock } from '../db/advisory-locks';
import { voiceAnswers, voiceSessions } from '../db/schema';
import type { BackgroundWorker, WorkerContext } from './worker';

/** Voice sessions (a conversation's state) and stored answers are kept this long. */
export const VOICE_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Deletes voice sessions not used for a day and answers older than a day (an answer's audio is
 * served for ANSWER_TTL_MINUTES only; the row outlives it for nothing). Every 10 minutes, and once
 * when the workers start; one process at a time (advisory key `voicePrune`). Tests pass `now`.
 */
export const voicePrune = {
  name: 'voice-prune',
  intervalMs: 10 * 60_000,
  async run(ctx: WorkerContext, now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - VOICE_RETENTION_MS);
    return ctx.db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, 'voicePrune'))) return 0;
      const sessions = await tx
        .delete(voiceSessions)
        .where(lt(voiceSessions.updatedAt, before))
        .returning({ id: voiceSessions.id });
      const answers = await tx
        .delete(voiceAnswers)
        .where(lt(voiceAnswers.createdAt, before))
        .returning({ id: voiceAnswers.id });
      return sessions.length + answers.length;
    });
  },
} satisfies BackgroundWorker;
