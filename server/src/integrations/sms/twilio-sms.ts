import twilio from 'twilio';
import { SmsOutcomeUnknown, type SmsMessage, type SmsProvider, type SmsSendResult } from './sms-provider';

/** How long one call to Twilio may take (the SDK's default is 30 s): well inside a graceful shutdown. */
export const TWILIO_TIMEOUT_MS = 10_000;

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sending number in E.164, or a Messaging Service SID (MG…). */
  from: string;
  /**
   * Tests only: send the SDK's requests to this origin (a local fake of Twilio's REST API) instead
   * of https://api.twilio.com. The SDK still builds, signs and parses them.
   */
  apiBaseUrl?: string;
  /** Per request, default TWILIO_TIMEOUT_MS; tests shorten it. */
  timeoutMs?: number;
}

/** The SDK's own HTTP client with our time-out, and (tests) every request's origin replaced by `baseUrl`. */
function httpClient(timeoutMs: number, baseUrl: string | undefined): twilio.RequestClient {
  const client = new twilio.RequestClient({ timeout: timeoutMs });
  if (!baseUrl) return client;
  const request = client.request.bind(client);
  client.request = (opts) => {
    const url = new URL(opts.uri);
    return request({ ...opts, uri: new URL(url.pathname + url.search, baseUrl).toString() });
  };
  return client;
}

/** Twilio through its official SDK (Programmable Messaging). */
export class TwilioSms implements SmsProvider {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(private readonly config: TwilioConfig) {
    this.client = twilio(config.accountSid, config.authToken, {
      httpClient: httpClient(config.timeoutMs ?? TWILIO_TIMEOUT_MS, config.apiBaseUrl),
    });
  }

  private get sender(): { from: string } | { messagingServiceSid: string } {
    return this.config.from.startsWith('MG') ? { messagingServiceSid: this.config.from } : { from: this.config.from };
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    try {
      const sent = await this.client.messages.create({ to: message.to, body: message.body, ...this.sender });
      return { providerMessageId: sent.sid };
    } catch (err) {
      // Twilio answered with an error (a RestException carries its status): not sent. Anything
      // else — a time-out, a connection reset — leaves it unknown whether Twilio took it.
      if (err instanceof twilio.RestException) throw err;
      throw new SmsOutcomeUnknown(`No answer from Twilio: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /**
   * Twilio's Messages API takes no idempotency key, so after an interrupted call we look for the
   * message itself: one to the same number with the same text created since the attempt began.
   */
  async findSent(message: SmsMessage, since: Date): Promise<string | null> {
    const recent = await this.client.messages.list({ to: message.to, dateSentAfter: since, limit: 50 });
    return recent.find((m) => m.body === message.body)?.sid ?? null;
  }

  verifyInbound({ url, params, signature }: { url: string; params: Record<string, string>; signature: string | undefined }): boolean {
    if (!signature) return false;
    return twilio.validateRequest(this.config.authToken, signature, url, params);
  }
}
