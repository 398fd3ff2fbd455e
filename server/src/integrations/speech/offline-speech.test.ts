import { afterAll, describe, expect, it } from 'vitest';
import { OfflineSpeech } from './offline-speech';

const warnings: unknown[] = [];
const speech = new OfflineSpeech({ log: { warn: (details: unknown) => void warnings.push(details) } });
afterAll(() => speech.close());

describe('the offline speech engine process', () => {
  it('answers a request whose engine crashed under it, from a new engine', async () => {
    const first = await speech.synthesize('warm up');
    expect(first.audio.length).toBeGreaterThan(1000);
    const pid = speech.enginePid;
    expect(pid).toBeDefined();
    // The engines have died with SIGSEGV on some machines (docs/reliability.md): the same here,
    // while a synthesis is in the engine's hands.
    const answer = speech.synthesize('where is the nearest barbecue truck');
    process.kill(pid ?? 0, 'SIGSEGV');
    const audio = await answer;
    expect(audio.contentType).toBe('audio/wav');
    expect(audio.audio.subarray(0, 4).toString()).toBe('RIFF');
    expect(speech.enginePid).toBeDefined();
    expect(speech.enginePid).not.toBe(pid);
    // The crash is in the server's log, with the request it had in hand.
    expect(warnings).toEqual([{ code: null, signal: 'SIGSEGV', inHand: 1 }]);
  }, 60_000);
});
