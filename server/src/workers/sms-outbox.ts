import { drainSmsOutbox, SMS_OUTBOX_CHANNEL, SMS_OUTBOX_DEFAULTS } from '../modules/sms/sms-outbox.service';
import type { BackgroundWorker, WorkerContext } from './worker';

/**
 * Sends the SMS outbox (modules/sms/sms-outbox.service.ts): woken by the NOTIFY of the transaction
 * that queued messages, and every 15 s for retries and leases that ran out. Every process may run
 * it at once: rows are claimed with FOR UPDATE SKIP LOCKED and leased before anything is sent, so
 * each message goes to one process (see docs/decisions/0070).
 */
export const smsOutboxWorker = {
  name: 'sms-outbox',
  intervalMs: 15_000,
  wakeChannel: SMS_OUTBOX_CHANNEL,
  run: (ctx: WorkerContext) =>
    drainSmsOutbox(ctx.db, ctx.integrations.sms, { ...SMS_OUTBOX_DEFAULTS, ...ctx.config.smsOutbox }),
} satisfies BackgroundWorker;
