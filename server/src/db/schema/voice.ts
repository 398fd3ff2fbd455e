import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A voice conversation, so follow-ups ("what's on their menu?", "and the next one?") know what
 * was last recommended. In the database, not in memory, so any process can answer the next turn.
 */
export const voiceSessions = pgTable(
  'voice_sessions',
  {
    id: text('id').primaryKey(),
    /** The signed-in owner; null for the free endpoint (then bound to the visitor cookie). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_sessions_updated_idx').on(t.updatedAt)],
);

/** Spoken answers: `audioUrl` names a row; the audio is synthesized on first play and kept. */
export const voiceAnswers = pgTable(
  'voice_answers',
  {
    id: text('id').primaryKey(),
    text: text('text').notNull(),
    contentType: text('content_type'),
    /** Base64 of the synthesized audio, once played. */
    audioBase64: text('audio_base64'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_answers_created_idx').on(t.createdAt)],
);

/**
 * Successful free (anonymous) voice queries, per visitor cookie (`visitor:<id>`) and per client
 * address (`address:<ip>`), shared by every process so the cap holds behind a load balancer.
 */
export const voiceFreeUses = pgTable('voice_free_uses', {
  key: text('key').primaryKey(),
  uses: integer('uses').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
