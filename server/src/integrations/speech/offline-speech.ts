import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { buildJsgf, isPhoneWord, PHONE_WORDS, pronunciationCandidates } from './grammar';

/**
 * Weight of the phone loop against the templates: low enough that in-grammar questions (40+ in
 * bench/voice.ts, four voices, with noise) keep their template, high enough that off-topic speech
 * and noise fall into the loop. Chosen by that bench.
 */
const OUT_OF_GRAMMAR_WEIGHT = 1e-7;
import { AudioDecoder } from './audio-decoder';
import type { Pcm, SpeechProvider, SpeechVocabulary, SpokenAudio, Transcript } from './speech';

/** Flite's built-in voices: slt (female, US), kal16 and rms (male, US), awb (male, Scottish). */
export const FLITE_VOICES = ['slt', 'kal16', 'rms', 'awb'] as const;

/** The engine process ended while it had the request in hand (it is started again for the next). */
class EngineExited extends Error {}

/** Runs `attempt`, and once more on a new engine if the engine died under it. */
async function withOneRestart<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof EngineExited)) throw error;
    return attempt();
  }
}

interface WorkerReply {
  id?: number;
  ready?: boolean;
  result?: unknown;
  error?: string;
}

/**
 * PocketSphinx (soundswallower) with a grammar compiled from the vocabulary, and Flite, both in
 * one warm child process (speech-worker.mjs). A process rather than a worker thread: in a worker
 * thread the engines crashed the whole server with SIGSEGV on some machines (docs/reliability.md);
 * a process that dies fails only the requests it had in hand and is started again. Requests are
 * answered in order, so the grammar set for a request is the grammar that decodes it.
 */
export class OfflineSpeech implements SpeechProvider {
  private engine: { worker: ChildProcess; ready: Promise<void> } | undefined;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private grammarVersion: string | undefined;
  private grammarUpdate: Promise<unknown> = Promise.resolve();
  private readonly decoder = new AudioDecoder();

  constructor(
    private readonly options: { voice?: string; rejectionWeight?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
  ) {}

  /**
   * The engine process, started on first use (about 1.5 s to load the acoustic model) and started
   * again if it ever dies; a dead engine fails only the requests it had in hand (which
   * `withOneRestart` then asks a new one).
   */
  private start() {
    if (this.engine) return this.engine;
    // Plain JavaScript: no loader needed (execArgv: none of the parent's, such as tsx's or a test runner's).
    const worker = fork(fileURLToPath(new URL('./speech-worker.mjs', import.meta.url)), [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    worker.unref();
    worker.channel?.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code, signal) => reject(new EngineExited(`speech engine exited while starting (${signal ?? code})`)));
      worker.on('message', (reply: WorkerReply) => {
        if (reply.ready) return resolve();
        const waiter = reply.id === undefined ? undefined : this.pending.get(reply.id);
        if (!waiter || reply.id === undefined) return;
        this.pending.delete(reply.id);
        if (reply.error !== undefined) waiter.reject(new Error(reply.error));
        else waiter.resolve(reply.result);
      });
    });
    const fail = (error: Error) => {
      if (this.engine?.worker !== worker) return;
      this.engine = undefined;
      this.grammarVersion = undefined;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code, signal) => {
      // Not when it was closed (close() forgets the engine first): a crash, in the logs.
      if (this.engine?.worker === worker) {
        this.options.log?.warn({ code, signal, inHand: this.pending.size }, 'speech engine exited; a new one answers the next request');
      }
      fail(new EngineExited(`speech engine exited (${signal ?? code})`));
    });
    this.engine = { worker, ready };
    return this.engine;
  }

  private async call<T>(type: string, payload: Record<string, unknown>): Promise<T> {
    const { worker, ready } = this.start();
    await ready;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.send({ id, type, ...payload }, (error) => {
        // Not delivered: the engine is gone (its exit fails the rest of its requests).
        if (!error || !this.pending.delete(id)) return;
        reject(new EngineExited(`speech engine unreachable: ${error.message}`));
      });
    });
  }

  /** Compiles the vocabulary into the decoder's grammar when its version changed. */
  async useVocabulary(vocabulary: SpeechVocabulary): Promise<void> {
    if (this.grammarVersion === vocabulary.version) return this.grammarUpdate.then(() => undefined);
    this.grammarVersion = vocabulary.version;
    this.grammarUpdate = this.call('grammar', {
      jsgf: buildJsgf(vocabulary, { rejection: this.options.rejectionWeight ?? OUT_OF_GRAMMAR_WEIGHT }),
      words: [...pronunciationCandidates(vocabulary), ...PHONE_WORDS],
    });
    try {
      await this.grammarUpdate;
    } catch (error) {
      this.grammarVersion = undefined;
      throw error;
    }
  }

  decode(audio: Uint8Array, maxSeconds: number) {
    return this.decoder.decode(audio, maxSeconds);
  }

  async transcribe(input: { pcm: Pcm }, vocabulary: SpeechVocabulary): Promise<Transcript> {
    // A new engine has no grammar: the retry sets it again (grammarVersion was cleared with the engine).
    const { text, words } = await withOneRestart(async () => {
      await this.useVocabulary(vocabulary);
      return this.call<{ text: string; words: Array<{ t: string; p: number }> }>('decode', {
        samples: input.pcm.samples,
      });
    });
    const spoken = words.filter((w) => !/^[<([]/.test(w.t));
    // The phone loop won: the speech was not a question the grammar knows (or not speech).
    if (!text.trim() || spoken.some((w) => isPhoneWord(w.t))) return { text: '', confidence: 0, provider: 'offline' };
    const confidence = Math.min(...spoken.map((w) => w.p));
    return { text: text.trim(), confidence, provider: 'offline' };
  }

  async synthesize(text: string, options: { voice?: string } = {}): Promise<SpokenAudio> {
    const voice = options.voice ?? this.options.voice ?? 'slt';
    const { wav } = await withOneRestart(() =>
      this.call<{ wav: Uint8Array }>('synthesize', { text: sanitizeForFlite(text), voice }),
    );
    return { audio: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength), contentType: 'audio/wav' };
  }

  /** The engine process's id while one runs (diagnostics, and the crash test). */
  get enginePid(): number | undefined {
    return this.engine?.worker.pid;
  }

  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    const exited = engine && engine.worker.exitCode === null && engine.worker.signalCode === null
      ? new Promise<void>((resolve) => engine.worker.once('exit', () => resolve()))
      : undefined;
    engine?.worker.kill();
    await Promise.all([exited, this.decoder.close()]);
  }
}

/** Flite reads its text from the command line: keep it to printable characters. */
function sanitizeForFlite(text: string): string {
  return text.replace(/[^\p{L}\p{N}\s.,'?!$%&:;-]/gu, ' ').slice(0, 2000);
}
