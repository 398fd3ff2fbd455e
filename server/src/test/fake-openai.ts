import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers the next requests:
 * - 'ok': a transcript (JSON) or MP3 audio, at once;
 * - 'slow': the same after `delayMs`, the headers first and the body at the end;
 * - 'fail': 500 with an OpenAI error;
 * - 'stall': reads the request and never answers;
 * - 'stall-body': sends 200 and its headers, then never the body;
 * - 'garbage': 200 with an HTML page (or JSON without a text).
 */
export type FakeOpenAiMode = 'ok' | 'slow' | 'fail' | 'stall' | 'stall-body' | 'garbage';

/** One request the fake received. */
export interface FakeOpenAiRequest {
  path: string;
  /** The request's body arrived whole (the multipart recording, or the text to speak). */
  bytes: number;
  /** The client hung up before the fake had answered (its time-out fired). */
  abandoned: boolean;
}

export interface FakeOpenAi {
  /** For OPENAI_BASE_URL: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  mode: FakeOpenAiMode;
  /** With mode 'slow': how long before the body. */
  delayMs: number;
  /** What `/v1/audio/transcriptions` says was heard. */
  transcript: string;
  requests: FakeOpenAiRequest[];
  /** Requests to one of the two paths. */
  received(path: 'transcriptions' | 'speech'): FakeOpenAiRequest[];
  close(): Promise<void>;
}

/** One MPEG-1 Layer III frame of silence (128 kbit/s, 44.1 kHz): what a TTS server returns, shortened. */
export const FAKE_MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);

async function drain(req: IncomingMessage): Promise<number> {
  let bytes = 0;
  for await (const chunk of req) bytes += (chunk as Buffer).length;
  return bytes;
}

/**
 * A local stand-in for an OpenAI-compatible speech API (`POST /v1/audio/transcriptions` and
 * `POST /v1/audio/speech`), so the official `openai` SDK runs in tests without the network and
 * meets the failures a real provider has: errors, stalls before or after the headers, slowness and
 * nonsense. Every request is recorded, with whether the client gave up on it.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const state = { mode: 'ok' as FakeOpenAiMode, delayMs: 0, transcript: 'is taco libre open' };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const record: FakeOpenAiRequest = { path, bytes: 0, abandoned: false };
      // Counted when it arrives, so a test sees it even while the fake holds it.
      requests.push(record);
      res.on('close', () => {
        hanging.delete(res);
        if (!res.writableFinished) record.abandoned = true;
      });
      record.bytes = await drain(req);
      const speech = path === '/v1/audio/speech';
      if (req.method !== 'POST' || (!speech && path !== '/v1/audio/transcriptions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } }));
      }
      const type = speech ? 'audio/mpeg' : 'application/json';
      const body = speech ? FAKE_MP3 : JSON.stringify({ text: ` ${state.transcript} ` });
      switch (state.mode) {
        case 'ok':
          res.writeHead(200, { 'content-type': type });
          return res.end(body);
        case 'slow':
          res.writeHead(200, { 'content-type': type });
          res.flushHeaders();
          await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          return res.end(body);
        case 'fail':
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
        case 'stall':
          hanging.add(res);
          return;
        case 'stall-body':
          res.writeHead(200, { 'content-type': type });
          res.flushHeaders();
          hanging.add(res);
          return;
        case 'garbage':
          // A proxy's error page with 200 for speech; JSON that is no transcript for transcriptions.
          res.writeHead(200, { 'content-type': speech ? 'audio/mpeg' : 'application/json' });
          return res.end(speech ? '<html><body>Bad gateway</body></html>' : JSON.stringify({ result: 'ok' }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    received: (path: 'transcriptions' | 'speech') => requests.filter((r) => r.path === `/v1/audio/${path}`),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
