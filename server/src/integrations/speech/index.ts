import type { FastifyBaseLogger } from 'fastify';
import { OfflineSpeech } from './offline-speech';
import { OpenAiSpeech, type OpenAiSpeechConfig } from './openai-speech';
import type { Pcm, SpeechProvider, SpeechVocabulary, SpokenAudio, Transcript } from './speech';

export type { Pcm, SpeechProvider, SpeechVocabulary, SpokenAudio, Transcript } from './speech';
export { AudioInputError } from './speech';
export { OfflineSpeech, FLITE_VOICES, RECOGNITION_BUDGET_MS } from './offline-speech';
export { OpenAiSpeech } from './openai-speech';

export type SpeechMode = 'auto' | 'offline' | 'openai';

export interface SpeechConfig {
  stt: SpeechMode;
  tts: SpeechMode;
  openai?: OpenAiSpeechConfig;
  /** After the cloud fails, how long the offline engine answers alone (OPENAI_RETRY_AFTER_MS). */
  retryAfterMs?: number;
  /** How long the offline recogniser may work on one recording (VOICE_RECOGNITION_BUDGET_MS). */
  recognitionBudgetMs?: number;
}

/**
 * A cloud engine that failed is left alone for `retryAfterMs`: while a provider is down, each
 * question would otherwise wait up to OPENAI_TIMEOUT_MS for it before the offline answer. The
 * first question after the pause tries it again; a success clears the pause.
 */
class CloudPause {
  private until = 0;

  constructor(
    private readonly retryAfterMs: number,
    private readonly now: () => number,
  ) {}

  get paused(): boolean {
    return this.now() < this.until;
  }

  failed(): void {
    this.until = this.now() + this.retryAfterMs;
  }

  succeeded(): void {
    this.until = 0;
  }
}

/**
 * The cloud engine where configured, with the offline one answering whenever the cloud fails or
 * times out; the offline engine alone otherwise. Speech to text and text to speech are chosen
 * separately (VOICE_STT, VOICE_TTS): `auto` means the cloud when OPENAI_API_KEY is set.
 */
export class FallbackSpeech implements SpeechProvider {
  private readonly pause: { stt: CloudPause; tts: CloudPause };

  constructor(
    private readonly offline: OfflineSpeech,
    private readonly cloud: { stt?: OpenAiSpeech; tts?: OpenAiSpeech },
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
    options: { retryAfterMs?: number; now?: () => number } = {},
  ) {
    const pause = () => new CloudPause(options.retryAfterMs ?? 0, options.now ?? Date.now);
    this.pause = { stt: pause(), tts: pause() };
  }

  /** The cloud's answer, or undefined (logged, and the cloud paused) when it fails or is paused. */
  private async fromCloud<T>(direction: 'stt' | 'tts', call: (() => Promise<T>) | undefined, fallback: string): Promise<T | undefined> {
    const pause = this.pause[direction];
    if (!call || pause.paused) return undefined;
    try {
      const result = await call();
      pause.succeeded();
      return result;
    } catch (error) {
      pause.failed();
      this.log?.warn({ err: error }, fallback);
      return undefined;
    }
  }

  /** Always the offline decoder: the cloud recognisers get the recording as sent. */
  decode(audio: Uint8Array, maxSeconds: number) {
    return this.offline.decode(audio, maxSeconds);
  }

  async transcribe(input: { audio: Uint8Array; pcm: Pcm }, vocabulary: SpeechVocabulary): Promise<Transcript> {
    const { stt } = this.cloud;
    const heard = await this.fromCloud(
      'stt',
      stt && (() => stt.transcribe(input, vocabulary)),
      'cloud transcription failed; using the offline recogniser',
    );
    return heard ?? this.offline.transcribe(input, vocabulary);
  }

  async synthesize(text: string, options?: { voice?: string }): Promise<SpokenAudio> {
    const { tts } = this.cloud;
    const spoken = await this.fromCloud('tts', tts && (() => tts.synthesize(text)), 'cloud speech synthesis failed; using Flite');
    return spoken ?? this.offline.synthesize(text, options);
  }

  /** Compiles the offline grammar ahead of the first question (and on every data change). */
  prepare(vocabulary: SpeechVocabulary): Promise<void> {
    return this.offline.useVocabulary(vocabulary);
  }

  close(): Promise<void> {
    return this.offline.close();
  }
}

export function createSpeech(config: SpeechConfig, log?: Pick<FastifyBaseLogger, 'warn'>): FallbackSpeech {
  const cloud = config.openai ? new OpenAiSpeech(config.openai) : undefined;
  const use = (mode: SpeechMode) => (mode !== 'offline' ? cloud : undefined);
  return new FallbackSpeech(new OfflineSpeech({ log, recognitionBudgetMs: config.recognitionBudgetMs }), { stt: use(config.stt), tts: use(config.tts) }, log, {
    retryAfterMs: config.retryAfterMs,
  });
}
