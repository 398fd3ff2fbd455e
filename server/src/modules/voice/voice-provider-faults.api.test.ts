import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, ErrorResponse, VoiceAnswer } from '@shared/contracts';
import { parseEnv, speechConfig } from '../../env';
import { createSpeech, FallbackSpeech, OfflineSpeech, OpenAiSpeech, type SpeechVocabulary } from '../../integrations/speech';
import { FAKE_MP3, startFakeOpenAi, type FakeOpenAi, type FakeOpenAiMode } from '../../test/fake-openai';
import { startTestServer, type TestServer } from '../../test/harness';
import { encodeWebmOpus, padded, speak } from '../../test/speech-audio';
import { insertTruck } from '../../test/trucks';

/**
 * The speech provider failing, slow or hanging (issue 13, Faults). The real `openai` SDK, set up
 * from the environment as in production (OPENAI_BASE_URL, OPENAI_TIMEOUT_MS), talks to a local fake
 * OpenAI-compatible server. Whatever the fake does, the voice endpoint answers 200 (the offline
 * engine standing in) and the spoken answer is served: never a 500, never a hang.
 */
vi.setConfig({ testTimeout: 120_000 });

let fake: FakeOpenAi;
let server: TestServer;
let customer: AuthResponse;
let recording: string;
const offline = new OfflineSpeech();

/** What the diner says in the recording; the fake's transcript is another question, so the two cannot be confused. */
const SAID = 'where is the nearest barbecue truck';
const CLOUD_HEARS = 'is taco libre open';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.transcript = CLOUD_HEARS;
  const env = parseEnv({
    OPENAI_API_KEY: 'sk-fake',
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_TIMEOUT_MS: '2000',
    // Every question here tries the cloud (the pause after a failure has its own test below).
    OPENAI_RETRY_AFTER_MS: '0',
    VOICE_STT: 'openai',
    VOICE_TTS: 'openai',
  });
  server = await startTestServer({ voice: { ratePerMinute: 1000 } }, { integrations: { speech: createSpeech(speechConfig(env)) } });
  const operator = await server.signUpSubscribedOperator();
  customer = await server.signUp('customer');
  await insertTruck(server.db, operator.user.id, { name: 'Smokestack BBQ', cuisine: 'BBQ', isOpen: true, latitude: 30.2515, longitude: -97.7489 });
  // No menu item at all: the offline grammar leaves out the templates of its empty <item> slot
  // (it once heard nothing here) and still understands the question.
  await insertTruck(server.db, operator.user.id, { name: 'Taco Libre', cuisine: 'Mexican', isOpen: true, latitude: 30.2637, longitude: -97.7266 });
  // As Chrome records it.
  recording = (await encodeWebmOpus(padded(await speak(offline, SAID)))).toString('base64');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await offline.close();
});

const ask = (body: Record<string, unknown>) =>
  server.request<VoiceAnswer & ErrorResponse>('POST', '/api/voice-assistant', { body, token: customer.token });

async function spokenAnswer(audioUrl: string | null) {
  if (!audioUrl) throw new Error('the answer has no audio URL');
  const res = await fetch(server.url + audioUrl);
  return { status: res.status, type: res.headers.get('content-type'), audio: Buffer.from(await res.arrayBuffer()) };
}

/** Asks by voice and fetches the spoken answer; returns what was heard and which engines answered. */
async function askAndListen() {
  const before = { transcriptions: fake.received('transcriptions').length, speech: fake.received('speech').length };
  const res = await ask({ audioData: recording });
  expect(res.status).toBe(200);
  const spoken = await spokenAnswer(res.body.audioUrl);
  expect(spoken.status).toBe(200);
  return {
    answer: res.body,
    spoken,
    // Exactly one call to each endpoint per question: the SDK does not retry, nothing multiplies.
    transcription: fake.received('transcriptions').slice(before.transcriptions),
    synthesis: fake.received('speech').slice(before.speech),
  };
}

describe('speech provider faults (real openai SDK against a fake OpenAI-compatible server)', () => {
  it('uses the cloud engines while the server answers, sending them the recording and the answer', async () => {
    fake.mode = 'ok';
    const { answer, spoken, transcription, synthesis } = await askAndListen();
    expect(answer.transcript).toBe(CLOUD_HEARS);
    expect(answer.text).toMatch(/^Yes, Taco Libre is open now/);
    expect(transcription).toHaveLength(1);
    expect(transcription[0]!.bytes).toBeGreaterThan(Buffer.from(recording, 'base64').length);
    expect(synthesis).toHaveLength(1);
    expect(spoken.type).toBe('audio/mpeg');
    expect(spoken.audio.equals(FAKE_MP3)).toBe(true);
  });

  it('uses an answer that is slow but within OPENAI_TIMEOUT_MS', async () => {
    fake.mode = 'slow';
    fake.delayMs = 200;
    const { answer, spoken, transcription } = await askAndListen();
    expect(answer.transcript).toBe(CLOUD_HEARS);
    expect(transcription.map((r) => r.abandoned)).toEqual([false]);
    expect(spoken.type).toBe('audio/mpeg');
  });

  const faults: { mode: FakeOpenAiMode; what: string; timesOut: boolean }[] = [
    { mode: 'fail', what: 'answers 500', timesOut: false },
    { mode: 'stall', what: 'never answers', timesOut: true },
    { mode: 'stall-body', what: 'sends its headers, then never the body', timesOut: true },
    { mode: 'garbage', what: 'answers 200 with nonsense (no transcript, HTML for audio)', timesOut: false },
  ];
  for (const { mode, what, timesOut } of faults) {
    it(`answers with the offline engines when the server ${what}`, async () => {
      fake.mode = mode;
      const { answer, spoken, transcription, synthesis } = await askAndListen();
      // The offline recogniser heard the recording itself, and the answer is right.
      expect(answer.transcript).toBe(SAID);
      expect(answer.text).toMatch(/^An open barbecue truck is Smokestack BBQ/);
      // Flite spoke it.
      expect(spoken.type).toBe('audio/wav');
      expect(spoken.audio.subarray(0, 4).toString('ascii')).toBe('RIFF');
      // The fake really got one request each, whole; on a stall our side gave up on it (the time-out).
      expect(transcription).toHaveLength(1);
      expect(synthesis).toHaveLength(1);
      expect(transcription[0]!.bytes).toBeGreaterThan(0);
      if (timesOut) {
        await expect.poll(() => [...transcription, ...synthesis].map((r) => r.abandoned)).toEqual([true, true]);
      }
    });
  }

  it('goes back to the cloud engines once the server recovers', async () => {
    fake.mode = 'stall';
    expect((await askAndListen()).answer.transcript).toBe(SAID);
    fake.mode = 'ok';
    const { answer, spoken } = await askAndListen();
    expect(answer.transcript).toBe(CLOUD_HEARS);
    expect(spoken.type).toBe('audio/mpeg');
  });

  it('a typed question needs no transcription; its spoken answer falls back the same way', async () => {
    fake.mode = 'stall-body';
    const before = fake.requests.length;
    const res = await ask({ text: 'is taco libre open' });
    expect(res.status).toBe(200);
    const spoken = await spokenAnswer(res.body.audioUrl);
    expect(spoken).toMatchObject({ status: 200, type: 'audio/wav' });
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/v1/audio/speech']);
  });
});

describe('the pause after a cloud failure (OPENAI_RETRY_AFTER_MS)', () => {
  const vocabulary: SpeechVocabulary = {
    version: 'pause-test',
    templates: ['where is the nearest <cuisine> truck'],
    slots: { cuisine: ['barbecue', 'taco'] },
  };

  it('answers offline without waiting for the cloud until the pause ends, then tries the cloud again', async () => {
    let now = 1_000_000;
    const env = parseEnv({ OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: fake.baseUrl, OPENAI_TIMEOUT_MS: '500' });
    const { openai, retryAfterMs } = speechConfig(env);
    expect(retryAfterMs).toBe(30_000);
    const cloud = new OpenAiSpeech(openai!);
    const speech = new FallbackSpeech(offline, { stt: cloud, tts: cloud }, undefined, { retryAfterMs, now: () => now });
    const { pcm } = await offline.decode(Buffer.from(recording, 'base64'), 30);
    const calls = () => fake.received('transcriptions').length + fake.received('speech').length;

    // The cloud stalls: the first question waits for the time-out, once per direction.
    fake.mode = 'stall';
    let before = calls();
    expect((await speech.transcribe({ audio: Buffer.from(recording, 'base64'), pcm }, vocabulary)).provider).toBe('offline');
    expect((await speech.synthesize('hello')).contentType).toBe('audio/wav');
    expect(calls() - before).toBe(2);

    // Paused: the next questions go straight to the offline engines, the cloud is not called.
    now += retryAfterMs! - 1;
    before = calls();
    expect((await speech.transcribe({ audio: Buffer.from(recording, 'base64'), pcm }, vocabulary)).text).toBe(SAID);
    expect((await speech.synthesize('hello')).contentType).toBe('audio/wav');
    expect(calls() - before).toBe(0);

    // The pause is over and the cloud is back: it answers again.
    fake.mode = 'ok';
    now += 1;
    before = calls();
    expect((await speech.transcribe({ audio: Buffer.from(recording, 'base64'), pcm }, vocabulary)).text).toBe(CLOUD_HEARS);
    expect((await speech.synthesize('hello')).contentType).toBe('audio/mpeg');
    expect(calls() - before).toBe(2);
  });
});
