import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeOggOpus, encodeWebmOpus, noise } from '../../test/speech-audio';
import { declaredSeconds, encodeWav, RECOGNISER_SAMPLE_RATE } from './audio';
import { AudioDecoder } from './audio-decoder';
import { AudioInputError } from './speech';

const decoder = new AudioDecoder();
afterAll(() => decoder.close());

/** The decoder's child process, found the way an operator would: by its parent and its script. */
const decoderPid = () =>
  Number(execFileSync('pgrep', ['-P', String(process.pid), '-f', 'audio-decoder-child']).toString().trim().split('\n')[0]);

const tone = (seconds: number, sampleRate = 48_000) => {
  const samples = new Float32Array(seconds * sampleRate);
  for (let i = 0; i < samples.length; i++) samples[i] = 0.3 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
  return new Uint8Array(encodeWav({ samples, sampleRate }));
};

describe('AudioDecoder (a child process)', () => {
  it('decodes Safari’s MP4/AAC into 16 kHz mono without the codec running in this process', async () => {
    const mp4 = new Uint8Array(readFileSync(new URL('../../test/fixtures/safari-aac-question.mp4', import.meta.url)));
    const { pcm, seconds } = await decoder.decode(mp4, 30);
    expect(pcm.sampleRate).toBe(RECOGNISER_SAMPLE_RATE);
    expect(seconds).toBeGreaterThan(1);
    expect(pcm.samples.length).toBeCloseTo(seconds * RECOGNISER_SAMPLE_RATE, -3);
    expect(decoderPid()).toBeGreaterThan(0);
  });

  it('refuses what is not audio, and recordings over the limit, as AudioInputError', async () => {
    await expect(decoder.decode(new TextEncoder().encode('<svg onload=alert(1)>'), 30)).rejects.toMatchObject({
      reason: 'undecodable',
    });
    await expect(decoder.decode(tone(3), 2)).rejects.toMatchObject({ reason: 'too-long' });
  });

  it('answers the recording in hand as undecodable when the decoder dies, and starts a new one', async () => {
    await decoder.decode(tone(1), 30);
    const first = decoderPid();
    const inHand = decoder.decode(tone(30), 60);
    setTimeout(() => process.kill(first, 'SIGKILL'), 20);
    const error = await inHand.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioInputError);
    expect(error).toMatchObject({ reason: 'undecodable' });

    const next = await decoder.decode(tone(1), 30);
    expect(next.seconds).toBeCloseTo(1, 1);
    expect(decoderPid()).not.toBe(first);
  });
});

describe('a recording too long for a question (issue 32: 15 s at most)', () => {
  it('is measured from its container without decoding: WAV and Ogg/Opus', async () => {
    expect(declaredSeconds(tone(20))).toBeCloseTo(20, 3);
    expect(declaredSeconds(await encodeOggOpus(noise(20, 0.2)))).toBeCloseTo(20, 1);
    // Chrome's WebM carries no duration: the decoded length decides.
    expect(declaredSeconds(new TextEncoder().encode('not audio at all'))).toBeUndefined();
  });

  it('is refused before any decoding when the container says so', async () => {
    const fresh = new AudioDecoder();
    try {
      await expect(fresh.decode(tone(20), 15)).rejects.toMatchObject({ reason: 'too-long', message: 'Recordings are limited to 15 seconds' });
      await expect(fresh.decode(new Uint8Array(await encodeOggOpus(noise(16, 0.2))), 15)).rejects.toMatchObject({ reason: 'too-long' });
      // No decoding process was even started for them.
      expect(fresh.pid).toBeUndefined();
      // Chrome's WebM (no duration in it) is measured once decoded, before any recognition.
      await expect(fresh.decode(new Uint8Array(await encodeWebmOpus(noise(16, 0.2))), 15)).rejects.toMatchObject({ reason: 'too-long' });
    } finally {
      await fresh.close();
    }
  });
});
