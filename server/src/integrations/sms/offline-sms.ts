import type { SmsMessage, SmsProvider, SmsSendResult } from './sms-provider';

/** Where the offline provider writes its line per message (the app's logger in the server). */
export type SmsLogLine = (fields: { to: string; outboxId: number; body: string }, line: string) => void;

/**
 * The built-in provider: nothing leaves the machine. Every message is "delivered" at once and
 * logged, so the whole flow (outbox → worker → sent) shows on a laptop; `npm run sms:outbox`
 * lists the rows.
 */
export class OfflineSms implements SmsProvider {
  readonly name = 'offline';

  constructor(private readonly log: SmsLogLine = (fields, line) => console.info(line, fields)) {}

  async send(message: SmsMessage): Promise<SmsSendResult> {
    this.log({ to: message.to, outboxId: message.id, body: message.body }, 'SMS (offline provider, not sent)');
    return { providerMessageId: `offline-${message.id}` };
  }

  /** Offline sends cannot fail half-way: an unknown outcome means it never ran. */
  async findSent(): Promise<string | null> {
    return null;
  }

  /** No signer, so no inbound message can be told from a forgery: none is accepted (issue 32). */
  verifyInbound(): boolean {
    return false;
  }
}
