import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { buildJsgf, buildLanguageModel, isPhoneWord, PHONE_WORDS, pronunciationCandidates } from './grammar';
import { AudioDecoder } from './audio-decoder';
import { unseenPairShare, type BigramModel } from './language-model';
import { foodTermsIn, truckNamesIn, withTerm, type HeardTerm } from './heard-terms';
import type { Pcm, SpeechProvider, SpeechVocabulary, SpokenAudio, Transcript } from './speech';

/**
 * Weight of the phone loop against the templates: low enough that in-grammar questions (40+ in
 * bench/voice.ts, four voices, with noise) keep their template, high enough that off-topic speech
 * and noise fall into the loop. Chosen by that bench.
 */
const OUT_OF_GRAMMAR_WEIGHT = 1e-7;

/**
 * A language-model transcript at least this share of whose word pairs the corpus never had is
 * off-topic speech forced into the model ("is" alone: half its pairs), answered as not understood
 * (ADR 0155): off-topic sentences came out at 0.43–0.75, the evaluation set's questions at 0–0.43.
 */
const MAX_UNSEEN_PAIRS = 0.5;

/**
 * How much likelier (natural log) Moonshine must find its choice of a truck's name (and of the
 * words after it) than the language model's, for its choice to be taken (ADR 0170): on the tune
 * part of the evaluation set every margin from 2 to 12 gave the same answers; 8 is the middle.
 */
export const NAME_MARGIN = 8;
/**
 * How much likelier (natural log) Moonshine must find another food where the language model heard
 * one, for the food to be in doubt and the question asked again (ADR 0171). Moonshine's choice is
 * not taken: unlike a name, a food often was not said at all where the language model heard one
 * in noise, and Moonshine's choice among the foods was then as wrong ("ice cream" for "korean").
 * On the tune part of the evaluation set 5.5 and 9 gave the same answers; 7 is between them.
 */
export const FOOD_DOUBT = 7;
/** Words after a heard name that a name may take the place of: a misheard name spills over. */
const SPILL_WORDS = 2;
/** Names Moonshine reads on with: the heard one and those whose first token it finds likeliest. */
const NAME_CHOICES_KEPT = 4;

/** Flite's built-in voices: slt (female, US), kal16 and rms (male, US), awb (male, Scottish). */
export const FLITE_VOICES = ['slt', 'kal16', 'rms', 'awb'] as const;

/** The engine process ended while it had the request in hand (it is started again for the next). */
class EngineExited extends Error {}

/** A recognition took longer than its budget (RECOGNITION_BUDGET_MS): heard as nothing understood. */
class OverBudget extends Error {}

/**
 * How long the recogniser may work on one recording (VOICE_RECOGNITION_BUDGET_MS). A 5-second
 * question takes about 0.2 s; 15 s of loud noise about 4 s on a quiet machine, and 30 s of it took
 * 74 s on a busy one (issue 32). Past the budget the recording is answered as not understood.
 */
export const RECOGNITION_BUDGET_MS = 5_000;

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
  /** The language model the decoder searches, to judge its transcripts (none with the JSGF grammar). */
  private languageModel: { model: BigramModel; classes: Record<string, string[][]> } | undefined;
  private readonly decoder = new AudioDecoder();

  constructor(
    private readonly options: {
      voice?: string;
      rejectionWeight?: number;
      log?: Pick<FastifyBaseLogger, 'warn'>;
      /** Default RECOGNITION_BUDGET_MS. */
      recognitionBudgetMs?: number;
      /**
       * The recogniser: PocketSphinx searching the diner language model (default, ADR 0155) or
       * the templates' JSGF grammar (the engine before issue 25), or Moonshine alone (ADR 0169),
       * the last two kept for the bench's comparison.
       */
      model?: 'language-model' | 'grammar' | 'moonshine';
      /**
       * Moonshine's own reading of the recording beside the language model's, answered when the
       * language model's would be asked again (ADR 0169): on by default with the language model.
       */
      secondOpinion?: boolean;
      /**
       * Noise suppression and voice activity detection (RNNoise) before decoding: on by default;
       * off for the bench's comparison.
       */
      denoise?: boolean;
      /** Sentences the language model must not be counted from (the bench's held-out questions). */
      heldOut?: readonly string[];
      /** Absolute discount of the language model (ADR 0155: chosen on the tune part). */
      discount?: number;
      /** Probability of each phone of the phone loop that rejects off-topic speech (language model only). */
      phoneProbability?: number;
      /**
       * How much likelier (natural log) Moonshine must find another truck's name where the language
       * model heard one, for that name to be taken (ADR 0170). Default NAME_MARGIN; Infinity: never
       * checked.
       */
      nameMargin?: number;
      /** The same for a food to be in doubt (ADR 0171). Default FOOD_DOUBT; Infinity: never checked. */
      foodDoubt?: number;
    } = {},
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
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code, signal) => {
      // Not when it was closed or stopped (close() and stop() forget the engine first): a crash, in the logs.
      if (this.engine?.worker === worker) {
        this.options.log?.warn({ code, signal, inHand: this.pending.size }, 'speech engine exited; a new one answers the next request');
      }
      this.fail(worker, new EngineExited(`speech engine exited (${signal ?? code})`));
    });
    this.engine = { worker, ready };
    return this.engine;
  }

  /** The engine is gone or being stopped: the requests it had in hand fail (and are asked again by withOneRestart). */
  private fail(worker: ChildProcess, error: Error) {
    if (this.engine?.worker !== worker) return;
    this.engine = undefined;
    this.grammarVersion = undefined;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  /**
   * Sends one request to the engine. With `budgetMs`, a request still unanswered by then is
   * abandoned: the engine (a synchronous WebAssembly call cannot be interrupted) is killed, the
   * request fails with OverBudget, and a new engine answers the next one.
   */
  private async call<T>(type: string, payload: Record<string, unknown>, budgetMs?: number): Promise<T> {
    const { worker, ready } = this.start();
    await ready;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer =
        budgetMs === undefined
          ? undefined
          : setTimeout(() => {
              if (!this.pending.delete(id)) return;
              reject(new OverBudget());
              this.fail(worker, new EngineExited('speech engine stopped: a recognition went over its time budget'));
              worker.kill('SIGKILL');
            }, budgetMs);
      const settle = <V>(done: (value: V) => void) => (value: V) => {
        clearTimeout(timer);
        done(value);
      };
      this.pending.set(id, { resolve: settle(resolve as (v: unknown) => void), reject: settle(reject) });
      worker.send({ id, type, ...payload }, (error) => {
        // Not delivered: the engine is gone (its exit fails the rest of its requests).
        if (!error || !this.pending.delete(id)) return;
        clearTimeout(timer);
        reject(new EngineExited(`speech engine unreachable: ${error.message}`));
      });
    });
  }

  /** Compiles the vocabulary into the decoder's grammar when its version changed. */
  async useVocabulary(vocabulary: SpeechVocabulary): Promise<void> {
    if (this.grammarVersion === vocabulary.version) return this.grammarUpdate.then(() => undefined);
    this.grammarVersion = vocabulary.version;
    const rejection = this.options.rejectionWeight ?? OUT_OF_GRAMMAR_WEIGHT;
    this.grammarUpdate =
      this.model === 'moonshine'
        ? // Nothing to compile: Moonshine hears any words. It is loaded ahead of the first question.
          this.call('load', {})
        : this.call(
            'grammar',
            this.model === 'grammar'
              ? { jsgf: buildJsgf(vocabulary, { rejection }), words: [...pronunciationCandidates(vocabulary), ...PHONE_WORDS] }
              : (() => {
                  const { fsg, words, model, classes } = buildLanguageModel(vocabulary, {
                    rejection,
                    heldOut: this.options.heldOut,
                    discount: this.options.discount,
                    phoneProbability: this.options.phoneProbability,
                  });
                  this.languageModel = { model, classes };
                  return { fsg, words: [...words, ...PHONE_WORDS] };
                })(),
          );
    // The second reading's model is loaded with the grammar, ahead of the first question.
    if (this.secondOpinion) this.grammarUpdate = this.grammarUpdate.then(() => this.call('load', {}));
    try {
      await this.grammarUpdate;
    } catch (error) {
      this.grammarVersion = undefined;
      throw error;
    }
  }

  private get model() {
    return this.options.model ?? 'language-model';
  }

  private get secondOpinion() {
    return this.model === 'language-model' && this.options.secondOpinion !== false;
  }

  decode(audio: Uint8Array, maxSeconds: number) {
    return this.decoder.decode(audio, maxSeconds);
  }

  async transcribe(input: { pcm: Pcm }, vocabulary: SpeechVocabulary): Promise<Transcript> {
    const notUnderstood: Transcript = { text: '', confidence: 0, provider: 'offline' };
    let pcm = input.pcm;
    /** The recording cut as the denoised one is, but not denoised (Moonshine hears worse through RNNoise). */
    let asRecorded = input.pcm;
    if (this.options.denoise !== false) {
      // Nobody spoke (RNNoise heard no voice in any frame): not understood, without decoding. If
      // the cleaning itself fails (its process died), the recording is decoded as it came.
      const cleaned = await this.decoder.clean(pcm).catch((error: unknown) => {
        this.options.log?.warn({ err: error }, 'noise suppression failed; decoding the recording as it came');
        return { pcm, voicedShare: 1, startSeconds: 0 };
      });
      if (cleaned.pcm.samples.length === 0) return notUnderstood;
      pcm = cleaned.pcm;
      const from = Math.round(cleaned.startSeconds * input.pcm.sampleRate);
      asRecorded = { ...input.pcm, samples: input.pcm.samples.subarray(from, from + pcm.samples.length) };
    }
    // A new engine has no grammar: the retry sets it again (grammarVersion was cleared with the engine).
    const budgetMs = this.options.recognitionBudgetMs ?? RECOGNITION_BUDGET_MS;
    let heard: { text: string; words: Array<{ t: string; p: number }> };
    try {
      heard = await withOneRestart(async () => {
        await this.useVocabulary(vocabulary);
        if (this.model !== 'moonshine') {
          return this.call<{ text: string; words: Array<{ t: string; p: number }> }>('decode', { samples: pcm.samples }, budgetMs);
        }
        const { text, probabilities } = await this.call<{ text: string; probabilities: number[] }>('hear', { samples: pcm.samples }, budgetMs);
        return { text, words: probabilities.map((p) => ({ t: '', p })) };
      });
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      const seconds = input.pcm.samples.length / input.pcm.sampleRate;
      this.options.log?.warn({ budgetMs, seconds }, 'speech recognition went over its time budget; answered as not understood');
      return notUnderstood;
    }
    const { text, words } = heard;
    const spoken = words.filter((w) => !/^[<([]/.test(w.t));
    const lm = this.languageModel;
    const rejected =
      // The phone loop won: the speech was not a question the grammar knows (or not speech).
      !text.trim() ||
      spoken.some((w) => isPhoneWord(w.t)) ||
      // Off-topic speech the language model forced into words nobody asks in that order.
      (lm !== undefined && unseenPairShare(lm.model, lm.classes, text.trim()) >= MAX_UNSEEN_PAIRS);
    const otherReadings = this.secondOpinion ? () => this.ownWords(asRecorded, budgetMs) : undefined;
    if (rejected) return { ...notUnderstood, otherReadings };
    const checked = this.secondOpinion ? await this.checkTerms(text.trim(), asRecorded, vocabulary, budgetMs) : { text: text.trim() };
    return { ...checked, confidence: Math.min(...spoken.map((w) => w.p)), provider: 'offline', otherReadings };
  }

  /**
   * The language model's transcript with each truck's name in it checked by Moonshine (ADR 0170):
   * where Moonshine finds another choice likelier by `nameMargin`, its choice is taken. The language
   * model knows every name but hears through a small acoustic model ("what does mezze on main
   * wheelchair food" for "what does Masala Wheels have"); Moonshine hears better but knows no
   * names, so it only chooses among them (and whether the words right after a name were said).
   * Then each food in it (ADR 0171): where Moonshine finds another food likelier by `foodDoubt`,
   * the food is in doubt, and the question is asked again rather than answered for a food that may
   * not have been said ("is there any good pizza near lady bird lake" for "is there any b b q near
   * me") unless Moonshine's own reading of the recording is answered.
   */
  private async checkTerms(
    text: string,
    pcm: Pcm,
    vocabulary: SpeechVocabulary,
    budgetMs: number,
  ): Promise<{ text: string; doubt?: [string, string] }> {
    const nameMargin = this.options.nameMargin ?? NAME_MARGIN;
    const foodDoubt = this.options.foodDoubt ?? FOOD_DOUBT;
    let checked = text;
    let doubt: [string, string] | undefined;
    try {
      if (nameMargin !== Infinity) {
        // From the last name back, so that a replacement does not move the positions of those before it.
        for (const name of truckNamesIn(checked, vocabulary).reverse()) {
          const { words, span, lead } = await this.likeliest(checked, name, pcm, budgetMs);
          if (lead >= nameMargin) checked = withTerm(checked, span, words);
        }
      }
      if (foodDoubt !== Infinity) {
        for (const food of foodTermsIn(checked, vocabulary)) {
          const { words, lead } = await this.likeliest(checked, food, pcm, budgetMs);
          if (lead >= foodDoubt && words !== food.words) {
            doubt = [food.words, words];
            break;
          }
        }
      }
    } catch (error) {
      // Over its time budget: the words checked so far stand.
      if (!(error instanceof OverBudget)) throw error;
    }
    return { text: checked, doubt };
  }

  /**
   * Moonshine's likeliest choice in the place of `term` (and of up to SPILL_WORDS words after it:
   * a misheard term spills over, "mezze on main wheelchair" for "masala wheels", and in noise the
   * language model adds words after a term that were not said, "… open food"), scored to the end
   * of the sentence so that choices of different lengths compare: the choice's words with the
   * term's span (`to`) stretched over the words it takes the place of, the term it names, and how
   * much likelier (natural log) it is than what the language model heard (0 when it is that).
   */
  private async likeliest(text: string, term: HeardTerm, pcm: Pcm, budgetMs: number) {
    const words = text.split(' ');
    const rest = words.slice(term.to);
    const spans = Array.from({ length: Math.min(SPILL_WORDS, rest.length) + 1 }, (_, k) => k);
    const choices = [term.words, ...term.others].flatMap((words) => spans.map((k) => ({ words, k })));
    const scores = await withOneRestart(() =>
      this.call<number[]>(
        'compare',
        {
          samples: pcm.samples,
          prefix: words.slice(0, term.from).join(' '),
          choices: choices.map(({ words, k }) => [words, ...rest.slice(k)].join(' ')),
          keep: NAME_CHOICES_KEPT * spans.length,
        },
        budgetMs,
      ),
    );
    const best = scores.reduce((top, score, i) => (score > scores[top]! ? i : top), 0);
    const chosen = choices[best]!;
    return { words: chosen.words, span: { ...term, to: term.to + chosen.k }, lead: scores[best]! - scores[0]! };
  }

  /**
   * Moonshine's own reading of the recording (ADR 0169), for when the language model's cannot be
   * answered; none when it goes over the recognition budget.
   */
  private async ownWords(pcm: Pcm, budgetMs: number): Promise<string[]> {
    try {
      const { text } = await withOneRestart(() => this.call<{ text: string }>('hear', { samples: pcm.samples }, budgetMs));
      return text.trim() ? [text.trim()] : [];
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      return [];
    }
  }

  async synthesize(text: string, options: { voice?: string } = {}): Promise<SpokenAudio> {
    const voice = options.voice ?? this.options.voice ?? 'slt';
    const { wav } = await withOneRestart(() =>
      this.call<{ wav: Uint8Array }>('synthesize', { text: sanitizeForFlite(text), voice }),
    );
    return { audio: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength), contentType: 'audio/wav' };
  }

  /** The decoding and noise-suppression process's id while one runs (the bench's memory figure). */
  get decoderPid(): number | undefined {
    return this.decoder.pid;
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
