import type { FastifyBaseLogger } from 'fastify';
import { OfflineSpeech } from './offline-speech';
import { OpenAiSpeech, type OpenAiSpeechConfig } from './openai-speech';
import type { Pcm, SpeechProvider, SpeechVocabulary, SpokenAudio, Transcript } from './speech';

export type { Pcm, SpeechProvider, SpeechVocabulary, SpokenAudio, Transcript } from './speech';
export { AudioInputError } from './speech';
export { OfflineSpeech, FLITE_VOICES } from './offline-speech';
export { OpenAiSpeech } from './openai-speech';

export type SpeechMode = 'auto' | 'offline' | 'openai';

export interface SpeechConfig {
  stt: SpeechMode;
  tts: SpeechMode;
  openai?: OpenAiSpeechConfig;
}

/**
 * The cloud engine where configured, with the offline one answering whenever the cloud fails or
 * times out; the offline engine alone otherwise. Speech to text and text to speech are chosen
 * separately (VOICE_STT, VOICE_TTS): `auto` means the cloud when OPENAI_API_KEY is set.
 */
export class FallbackSpeech implements SpeechProvider {
  constructor(
    private readonly offline: OfflineSpeech,
    private readonly cloud: { stt?: OpenAiSpeech; tts?: OpenAiSpeech },
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Always the offline decoder: the cloud recognisers get the recording as sent. */
  decode(audio: Uint8Array, maxSeconds: number) {
    return this.offline.decode(audio, maxSeconds);
  }

  async transcribe(input: { audio: Uint8Array; pcm: Pcm }, vocabulary: SpeechVocabulary): Promise<Transcript> {
    if (this.cloud.stt) {
      try {
        return await this.cloud.stt.transcribe(input, vocabulary);
      } catch (error) {
        this.log?.warn({ err: error }, 'cloud transcription failed; using the offline recogniser');
      }
    }
    return this.offline.transcribe(input, vocabulary);
  }

  async synthesize(text: string, options?: { voice?: string }): Promise<SpokenAudio> {
    if (this.cloud.tts) {
      try {
        return await this.cloud.tts.synthesize(text);
      } catch (error) {
        this.log?.warn({ err: error }, 'cloud speech synthesis failed; using Flite');
      }
    }
    return this.offline.synthesize(text, options);
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
  return new FallbackSpeech(new OfflineSpeech({ log }), { stt: use(config.stt), tts: use(config.tts) }, log);
}
