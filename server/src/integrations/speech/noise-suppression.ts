import createRnnoise, { type RnnoiseModule } from '@echogarden/rnnoise-wasm';
import { resample } from './audio';
import type { Pcm } from './speech';

/**
 * Noise suppression and voice activity detection before recognition (issue 25, ADR 0155):
 * RNNoise (Xiph's recurrent network, the WebAssembly build in @echogarden/rnnoise-wasm) removes
 * steady and non-steady noise from each 10 ms frame at 48 kHz and says how likely the frame holds
 * a voice. The recording is cut to the voiced part (with a margin), so the recogniser spends its
 * time on the question and not on the street before and after it.
 */
const RNNOISE_RATE = 48_000;
/** RNNoise works on 16-bit sample values. */
const SCALE = 32_768;
/**
 * A frame is speech when the voice probability averaged over it and its neighbours (70 ms)
 * reaches this: a lone frame of a passing car or a gust is not a voice.
 */
const VOICED = 0.5;
const SMOOTHING_FRAMES = 7;
/** Speech lasts: a voiced stretch shorter than this (150 ms) is a noise that sounded like one. */
const SHORTEST_SPEECH_FRAMES = 15;
/** Kept around the voiced part: the starts and ends of words are quiet. */
const MARGIN_SECONDS = 0.4;
/** Where the cut may begin and end: frames this likely to hold a voice. */
const MAYBE_VOICED = 0.15;

let loaded: Promise<RnnoiseModule> | undefined;
const rnnoise = () => (loaded ??= createRnnoise());

export interface CleanedSpeech {
  /** The denoised recording, cut to its voiced part; empty when no frame was voiced. */
  pcm: Pcm;
  /** The share of frames RNNoise heard a voice in. */
  voicedShare: number;
  /** Where the cut begins in the recording, in seconds. */
  startSeconds: number;
}

export async function suppressNoise(input: Pcm): Promise<CleanedSpeech> {
  const model = await rnnoise();
  const wide = await resample(input, RNNOISE_RATE);
  const frameSize = model._rnnoise_get_frame_size();
  const state = model._rnnoise_create(0);
  const buffer = model._malloc(frameSize * 4);
  const out = new Float32Array(wide.samples.length);
  const probabilities: number[] = [];
  try {
    for (let start = 0; start < wide.samples.length; start += frameSize) {
      // The module's memory can grow (and its views be replaced) between calls: look it up each time.
      const frame = model.HEAPF32.subarray(buffer >> 2, (buffer >> 2) + frameSize);
      frame.fill(0);
      const chunk = wide.samples.subarray(start, start + frameSize);
      for (let i = 0; i < chunk.length; i++) frame[i] = chunk[i]! * SCALE;
      probabilities.push(model._rnnoise_process_frame(state, buffer, buffer));
      const cleaned = model.HEAPF32.subarray(buffer >> 2, (buffer >> 2) + frameSize);
      for (let i = 0; i < chunk.length; i++) out[start + i] = cleaned[i]! / SCALE;
    }
  } finally {
    model._free(buffer);
    model._rnnoise_destroy(state);
  }
  const half = Math.floor(SMOOTHING_FRAMES / 2);
  const smoothed = probabilities.map((_, i) => {
    const around = probabilities.slice(Math.max(0, i - half), i + half + 1);
    return around.reduce((sum, p) => sum + p, 0) / around.length;
  });
  const voiced = smoothed.map((p) => p >= VOICED);
  const share = voiced.filter(Boolean).length / Math.max(1, voiced.length);
  // Speech somewhere: a voiced stretch long enough to be a word.
  let speaks = false;
  for (let run = 0, i = 0; i < voiced.length && !speaks; i++) {
    run = voiced[i] ? run + 1 : 0;
    speaks = run >= SHORTEST_SPEECH_FRAMES;
  }
  if (!speaks) return { pcm: { samples: new Float32Array(0), sampleRate: input.sampleRate }, voicedShare: 0, startSeconds: 0 };
  // The cut is generous: from the first to the last frame that may be voiced (soft starts and
  // endings of words score low), and a margin beyond.
  const first = smoothed.findIndex((p) => p >= MAYBE_VOICED);
  const last = smoothed.length - 1 - [...smoothed].reverse().findIndex((p) => p >= MAYBE_VOICED);
  const margin = Math.round(MARGIN_SECONDS * RNNOISE_RATE);
  const from = Math.max(0, first * frameSize - margin);
  const to = Math.min(out.length, (last + 1) * frameSize + margin);
  const pcm = await resample({ samples: out.subarray(from, to), sampleRate: RNNOISE_RATE }, input.sampleRate);
  return { pcm, voicedShare: share, startSeconds: from / RNNOISE_RATE };
}
