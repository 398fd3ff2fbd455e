import { drainPushOutbox, PUSH_OUTBOX_CHANNEL, PUSH_OUTBOX_DEFAULTS } from '../modules/push/push-outbox.service';
import { vapidDetails } from '../modules/push/push.service';
import type { BackgroundWorker, WorkerContext } from './worker';

/**
 * Sends the push outbox (modules/push/push-outbox.service.ts): woken by the NOTIFY of the
 * transaction that queued messages, and every 15 s for retries. Every process may run it at once:
 * rows are claimed FOR UPDATE SKIP LOCKED and leased before anything is sent (ADR 0160).
 */
export const pushOutboxWorker = {
  name: 'push-outbox',
  intervalMs: 15_000,
  wakeChannel: PUSH_OUTBOX_CHANNEL,
  run: (ctx: WorkerContext) =>
    drainPushOutbox(
      ctx.db,
      ctx.integrations.push,
      () => vapidDetails(ctx.db, ctx.config.push ?? {}, ctx.integrations.push, ctx.config.publicUrl),
      { ...PUSH_OUTBOX_DEFAULTS, ...ctx.config.pushOutbox },
    ),
} satisfies BackgroundWorker;
