/** One outbox message as a provider sends it. `id` is the outbox row id (stable across retries). */
export interface SmsMessage {
  id: number;
  to: string;
  body: string;
}

/**
 * A send whose outcome is unknown: the provider did not answer in time, or the connection broke
 * before its answer came. It may have accepted the message, so the outbox asks it (`findSent`)
 * before sending again, as after a crash mid-call.
 */
export class SmsOutcomeUnknown extends Error {}

export interface SmsSendResult {
  /** The provider's id of the accepted message (Twilio's SID). */
  providerMessageId: string;
}

/**
 * Sends text messages. Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set;
 * otherwise the offline provider, which records every message as delivered and logs it.
 */
export interface SmsProvider {
  readonly name: 'twilio' | 'offline';
  /**
   * Resolves when the provider accepted the message; throws when it refused it, or
   * `SmsOutcomeUnknown` when it did not answer (time-out, broken connection).
   */
  send(message: SmsMessage): Promise<SmsSendResult>;
  /**
   * After a send whose outcome is unknown (the process stopped during the call): the id of a
   * message the provider already accepted for `message` since `since`, or null when there is none.
   * The worker asks before sending again, so a crash mid-call does not send twice.
   */
  findSent(message: SmsMessage, since: Date): Promise<string | null>;
  /**
   * Whether an inbound webhook really comes from the provider (Twilio's X-Twilio-Signature over
   * the public URL and the form fields). The offline provider has no signer and accepts none; in
   * production the app refuses to start with a provider that accepts an unsigned call.
   */
  verifyInbound(request: { url: string; params: Record<string, string>; signature: string | undefined }): boolean;
}
