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

  /** `tensor` (one sentence's cache or encoder states) repeated for `batch` sentences. */
  function tile(tensor, batch) {
    if (tensor.dims[0] === batch) return tensor;
    const data = new Float32Array(tensor.data.length * batch);
    for (let b = 0; b < batch; b++) data.set(tensor.data, b * tensor.data.length);
    return new ort.Tensor('float32', data, [batch, ...tensor.dims.slice(1)]);
  }

  /** One decoder step for a batch of sentences: each one's next-token log-probabilities, and the new cache. */
  async function step(ids, heard, cache, first) {
    const out = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.from(ids, (id) => BigInt(id)), [ids.length, 1]),
      encoder_hidden_states: heard,
      use_cache_branch: new ort.Tensor('bool', [!first]),
      ...cache,
    });
    const size = out.logits.data.length / ids.length;
    const rows = ids.map((_, b) => logSoftmax(out.logits.data.subarray(b * size, (b + 1) * size)));
    const next = {};
    for (const name of Object.keys(cache)) {
      next[name] = first || name.includes('.decoder.') ? out[name.replace('past_key_values', 'present')] : cache[name];
    }
    return { rows, cache: next };
  }

  /**
   * How well each of `choices` follows `prefix`, as the model hears the recording (teacher-forced
   * decoding; ADR 0170): the log-probability of each choice's tokens and of the sentence's end.
   * The prefix is decoded once; the choices whose first token is among the `keep` likeliest there
   * (and always the first choice, what the caller heard) are decoded on together, in one batch.
   * The rest score -Infinity.
   */
  async function compare({ heard }, { prefix, choices, keep = 6 }) {
    const encode = (text) => (text.trim() ? llamaTokenizer.encode(text.trim(), false, true) : []);
    const history = [START_TOKEN, ...encode(prefix)];
    let cache = emptyCache();
    let rows = [];
    for (let i = 0; i < history.length; i++) ({ rows, cache } = await step([history[i]], heard, cache, i === 0));
    const tokensOf = choices.map(encode);
    const scores = tokensOf.map((tokens) => (tokens.length ? rows[0](tokens[0]) : -Infinity));
    const kept = scores
      .map((score, index) => ({ score, index }))
      .filter(({ index }) => tokensOf[index].length > 0)
      .sort((a, b) => (a.index === 0 ? -1 : b.index === 0 ? 1 : b.score - a.score))
      .slice(0, keep)
      .map(({ index }) => index);
    for (let i = 0; i < scores.length; i++) if (!kept.includes(i)) scores[i] = -Infinity;
    const sequences = kept.map((index) => [...tokensOf[index], END_TOKEN]);
    const states = tile(heard, kept.length);
    let batchCache = Object.fromEntries(Object.entries(cache).map(([name, t]) => [name, tile(t, kept.length)]));
    for (let s = 1; s < Math.max(0, ...sequences.map((q) => q.length)); s++) {
      const result = await step(sequences.map((q) => q[s - 1] ?? END_TOKEN), states, batchCache, false);
      batchCache = result.cache;
      sequences.forEach((q, b) => {
        if (q[s] !== undefined) scores[kept[b]] += result.rows[b](q[s]);
      });
    }
    return scores;
  }

  return { listen, transcribe, compare };
}
