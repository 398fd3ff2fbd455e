// Moonshine (Useful Sensors' encoder-decoder speech recogniser, the English "tiny" model, MIT
// licence) run by ONNX Runtime on the CPU: the offline recogniser's second reading (ADR 0169). The model's
// quantized weights come from the npm package @usefulsensors/moonshine-js, which ships them
// (nothing is downloaded at run time); the decoding loop follows that package's src/model.ts.
// Plain JavaScript: it runs in the speech engine's child process (speech-worker.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import llamaTokenizer from 'llama-tokenizer-js';
import * as ort from 'onnxruntime-node';

const MODEL_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@usefulsensors/moonshine-js'))),
  'model',
  'tiny',
  'quantized',
);
/** The tiny model's decoder: layers, key/value heads and head size of its cache. */
const SHAPE = { layers: 6, heads: 8, headDim: 36 };
const START_TOKEN = 1;
const END_TOKEN = 2;
/** Moonshine's own bound: about six tokens per second of speech. */
const TOKENS_PER_SECOND = 6;

/**
 * Loads the encoder and decoder (about 1 s) with `threads` threads each: one by default, so that a
 * recognition takes one of the machine's cores and the server keeps the other.
 */
export async function loadMoonshine({ threads = 1 } = {}) {
  const options = { executionProviders: ['cpu'], intraOpNumThreads: threads, interOpNumThreads: 1 };
  const [encoder, decoder] = await Promise.all([
    ort.InferenceSession.create(path.join(MODEL_DIR, 'encoder_model.onnx'), options),
    ort.InferenceSession.create(path.join(MODEL_DIR, 'decoder_model_merged.onnx'), options),
  ]);
  const emptyCache = () => {
    const cache = {};
    for (let layer = 0; layer < SHAPE.layers; layer++) {
      for (const part of ['decoder', 'encoder']) {
        for (const kind of ['key', 'value']) {
          cache[`past_key_values.${layer}.${part}.${kind}`] = new ort.Tensor('float32', new Float32Array(0), [0, SHAPE.heads, 1, SHAPE.headDim]);
        }
      }
    }
    return cache;
  };

  /** The encoder's reading of 16 kHz mono samples, which every decoding of them starts from. */
  async function listen(samples) {
    const { last_hidden_state: heard } = await encoder.run({
      input_values: new ort.Tensor('float32', samples, [1, samples.length]),
    });
    return { heard, seconds: samples.length / 16000 };
  }

  /** Log-probabilities of the vocabulary after the decoder's last position. */
  function logSoftmax(row) {
    let max = -Infinity;
    for (const v of row) if (v > max) max = v;
    let sum = 0;
    for (const v of row) sum += Math.exp(v - max);
    const norm = max + Math.log(sum);
    return (token) => row[token] - norm;
  }

  /**
   * What the model would write itself (greedy decoding), with its log-probability (the end of the
   * sentence included) and each token's probability.
   */
  async function transcribe({ heard, seconds }) {
    const maxTokens = Math.max(4, Math.trunc(seconds * TOKENS_PER_SECOND));
    let cache = emptyCache();
    const tokens = [];
    const probabilities = [];
    let logProb = 0;
    let input = START_TOKEN;
    for (let step = 0; step < maxTokens; step++) {
      const out = await decoder.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.of(BigInt(input)), [1, 1]),
        encoder_hidden_states: heard,
        use_cache_branch: new ort.Tensor('bool', [step > 0]),
        ...cache,
      });
      const logits = out.logits.data;
      let best = 0;
      for (let v = 1; v < logits.length; v++) if (logits[v] > logits[best]) best = v;
      const p = logSoftmax(logits)(best);
      logProb += p;
      if (best === END_TOKEN) break;
      tokens.push(best);
      probabilities.push(Math.exp(p));
      input = best;
      // The decoder's own cache always follows; the encoder's is computed once, at the first step.
      const next = {};
      for (const name of Object.keys(cache)) {
        next[name] = step === 0 || name.includes('.decoder.') ? out[name.replace('past_key_values', 'present')] : cache[name];
      }
      cache = next;
    }
    return { text: tokens.length ? llamaTokenizer.decode(tokens, false) : '', probabilities, logProb };
  }

  return { listen, transcribe };
}
