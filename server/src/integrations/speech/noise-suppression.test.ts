import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, mix } from '../../test/outdoor-noise';
import { padded, speak } from '../../test/speech-audio';
import { suppressNoise } from './noise-suppression';
import { OfflineSpeech } from './offline-speech';
import type { Pcm } from './speech';

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / Math.max(1, samples.length));
const db = (ratio: number) => 20 * Math.log10(ratio);

const speech = new OfflineSpeech({ denoise: false });
let question: Pcm;
beforeAll(async () => {
  question = padded(await speak(speech, 'where is the nearest barbecue truck', 'slt'), 1);
}, 60_000);
afterAll(() => speech.close());

describe('noise suppression and voice activity detection (RNNoise)', () => {
  it('finds no voice in a street with nobody speaking', async () => {
    const street = { samples: makeNoise('traffic', 16_000 * 3, 16_000, 11), sampleRate: 16_000 };
    const scaled = { samples: street.samples.map((s) => s * 0.3), sampleRate: 16_000 };
    const cleaned = await suppressNoise(scaled);
    expect(cleaned.voicedShare).toBe(0);
    expect(cleaned.pcm.samples.length).toBe(0);
  });

  it('keeps the whole question and takes the wind out around it', async () => {
    const noisy = mix(question, makeNoise('wind', question.samples.length, 16_000, 5), 10);
    const cleaned = await suppressNoise(noisy);
    // The cut keeps every word (they start after 1 s of padding) and at least 0.2 s before them.
    const rate = 16_000;
    expect(cleaned.startSeconds).toBeLessThan(1 - 0.2);
    expect(cleaned.pcm.samples.length).toBeLessThanOrEqual(noisy.samples.length);
    expect(cleaned.pcm.samples.length).toBeGreaterThan(question.samples.length - 2 * rate);
    // The wind before the words (the first 0.2 s of what is kept) is at least 10 dB quieter.
    const from = Math.round(cleaned.startSeconds * rate);
    const before = rms(noisy.samples.subarray(from, from + 0.2 * rate));
    const after = rms(cleaned.pcm.samples.subarray(0, 0.2 * rate));
    expect(db(before / after)).toBeGreaterThan(10);
    expect(cleaned.voicedShare).toBeGreaterThan(0.3);
  });

  it('is deterministic', async () => {
    const noisy = mix(question, makeNoise('traffic', question.samples.length, 16_000, 3), 10);
    const [a, b] = await Promise.all([suppressNoise(noisy), suppressNoise(noisy)]);
    expect(a.pcm.samples).toEqual(b.pcm.samples);
  });
});
