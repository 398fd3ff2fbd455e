/**
 * Outdoor noise for the spoken evaluation set, generated here (procedural, seeded, no recording):
 *   - traffic: low rumble (brown noise) with cars passing (band-limited noise swelling and fading);
 *   - babble: several other people talking at once (Flite/Festival sentences unrelated to food,
 *     overlapped at random offsets), the hardest noise for a recogniser because it is speech;
 *   - wind: gusts of low-passed noise with a slowly wandering loudness.
 * Mixed into a question at a signal-to-noise ratio measured over the whole recording.
 */
import type { Pcm } from '../integrations/speech';

export type NoiseKind = 'traffic' | 'babble' | 'wind';

/** A seeded generator of uniform numbers in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One-pole low-pass of white noise: brown-ish rumble below `cutoffHz`. */
function lowPassed(random: () => number, length: number, sampleRate: number, cutoffHz: number): Float32Array {
  const out = new Float32Array(length);
  const a = Math.exp((-2 * Math.PI * cutoffHz) / sampleRate);
  let y = 0;
  for (let i = 0; i < length; i++) {
    y = a * y + (1 - a) * (random() * 2 - 1);
    out[i] = y;
  }
  return out;
}

function traffic(length: number, sampleRate: number, random: () => number): Float32Array {
  const rumble = lowPassed(random, length, sampleRate, 120);
  const hiss = lowPassed(random, length, sampleRate, 1500);
  const out = new Float32Array(length);
  // Cars: a swell of tyre noise every 1-3 s, each 1.5-3 s long.
  const envelope = new Float32Array(length);
  for (let start = -sampleRate * random(); start < length; start += sampleRate * (1 + 2 * random())) {
    const span = sampleRate * (1.5 + 1.5 * random());
    const loud = 0.5 + random();
    for (let i = Math.max(0, Math.floor(start)); i < Math.min(length, start + span); i++) {
      envelope[i] = envelope[i]! + loud * Math.sin((Math.PI * (i - start)) / span) ** 2;
    }
  }
  for (let i = 0; i < length; i++) out[i] = 3 * rumble[i]! + hiss[i]! * (0.2 + envelope[i]!);
  return out;
}

function wind(length: number, sampleRate: number, random: () => number): Float32Array {
  const body = lowPassed(random, length, sampleRate, 400);
  const gust = lowPassed(random, length, sampleRate, 0.7);
  const out = new Float32Array(length);
  let max = 0;
  for (const g of gust) max = Math.max(max, Math.abs(g));
  for (let i = 0; i < length; i++) out[i] = body[i]! * (0.3 + Math.abs(gust[i]!) / (max || 1));
  return out;
}

/** Other people's speech, overlapped: `voices` are recordings of unrelated sentences. */
function babble(length: number, random: () => number, talk: Pcm[]): Float32Array {
  const out = new Float32Array(length);
  if (talk.length === 0) throw new Error('babble needs speech');
  // Five talkers at once, each a random recording from a random offset, looped.
  for (let talker = 0; talker < 5; talker++) {
    const { samples } = talk[Math.floor(random() * talk.length)]!;
    const offset = Math.floor(random() * samples.length);
    const gain = 0.5 + random();
    for (let i = 0; i < length; i++) out[i] = out[i]! + gain * samples[(offset + i) % samples.length]!;
  }
  return out;
}

export function makeNoise(kind: NoiseKind, length: number, sampleRate: number, seed: number, talk: Pcm[] = []): Float32Array {
  const random = seeded(seed);
  if (kind === 'traffic') return traffic(length, sampleRate, random);
  if (kind === 'wind') return wind(length, sampleRate, random);
  return babble(length, random, talk);
}

const power = (samples: Float32Array) => samples.reduce((sum, s) => sum + s * s, 0) / Math.max(1, samples.length);

/**
 * The question with noise at `snrDb` (speech power over the voiced part against the noise's):
 * silence around the question does not lower the speech power.
 */
export function mix(speech: Pcm, noise: Float32Array, snrDb: number): Pcm {
  const voiced = speech.samples.filter((s) => Math.abs(s) > 0.01);
  const gain = Math.sqrt(power(voiced) / (power(noise) * 10 ** (snrDb / 10)));
  const samples = speech.samples.map((s, i) => Math.max(-1, Math.min(1, s + gain * noise[i % noise.length]!)));
  return { samples, sampleRate: speech.sampleRate };
}
