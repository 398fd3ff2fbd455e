import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TwilioSms, type TwilioConfig } from '../integrations/sms';

/** A message the fake accepted, as Twilio's Messages API returns it. */
export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: 'queued';
  date_created: string;
  date_sent: string;
}

export interface FakeTwilio {
  config: TwilioConfig;
  provider: TwilioSms;
  /** Every message accepted, in order. */
  messages: FakeTwilioMessage[];
  /**
   * What the next requests meet: 'ok' (accept), 'fail' (answer 500 with a Twilio error),
   * 'accept-and-hang' (a send is accepted, then never answered: the sender dies or times out
   * mid-call), or 'stall' (nothing is accepted and nothing answered, lists too).
   */
  mode: 'ok' | 'fail' | 'accept-and-hang' | 'stall';
  /** With mode 'ok': the message with this number (1-based) is accepted and never answered. */
  hangAt?: number;
  close(): Promise<void>;
}

const ACCOUNT_SID = `AC${'0'.repeat(32)}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for Twilio's Messages API (create and list), so the official `twilio` SDK runs
 * in tests without the network: the provider sends its requests here (TwilioConfig.apiBaseUrl).
 */
export async function startFakeTwilio(options: { timeoutMs?: number } = {}): Promise<FakeTwilio> {
  const messages: FakeTwilioMessage[] = [];
  const hanging: ServerResponse[] = [];
  let counter = 0;
  const state: Pick<FakeTwilio, 'mode' | 'hangAt'> = { mode: 'ok' };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (!url.pathname.endsWith('/Messages.json')) return json(res, 404, { code: 20404, message: 'Not found', status: 404 });
      if (state.mode === 'stall') {
        hanging.push(res);
        return;
      }
      if (req.method === 'GET') {
        const to = url.searchParams.get('To');
        const found = messages.filter((m) => !to || m.to === to);
        return json(res, 200, {
          messages: found,
          uri: url.pathname,
          first_page_uri: url.pathname,
          next_page_uri: null,
          previous_page_uri: null,
          page: 0,
          page_size: 50,
          start: 0,
          end: found.length,
        });
      }
      const form = new URLSearchParams(await readBody(req));
      if (state.mode === 'fail') return json(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
      counter += 1;
      const now = new Date().toUTCString();
      const message: FakeTwilioMessage = {
        sid: `SM${String(counter).padStart(32, '0')}`,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        status: 'queued',
        date_created: now,
        date_sent: now,
      };
      messages.push(message);
      if (state.mode === 'accept-and-hang' || state.hangAt === messages.length) {
        hanging.push(res);
        return;
      }
      json(res, 201, message);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config: TwilioConfig = {
    accountSid: ACCOUNT_SID,
    authToken: 'fake-twilio-auth-token',
    from: '+15005550006',
    apiBaseUrl: `http://127.0.0.1:${port}`,
    timeoutMs: options.timeoutMs,
  };
  return Object.assign(state, {
    config,
    provider: new TwilioSms(config),
    messages,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
