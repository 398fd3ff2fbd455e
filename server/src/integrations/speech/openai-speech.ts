import OpenAI, { toFile } from 'openai';
import { sniffAudio } from './audio';
import type { Pcm, SpeechProvider, SpeechVocabulary, SpokenAudio, Transcript } from './speech';

export interface OpenAiSpeechConfig {
  apiKey: string;
  /** An OpenAI-compatible server (e.g. a local Whisper/TTS server); default api.openai.com. */
  baseURL?: string;
  timeoutMs: number;
  transcriptionModel: string;
  speechModel: string;
  voice: string;
}

const EXTENSIONS = { webm: 'webm', ogg: 'ogg', mp4: 'm4a', wav: 'wav', mp3: 'mp3', flac: 'flac' } as const;

/**
 * OpenAI-compatible `/v1/audio/transcriptions` and `/v1/audio/speech` through the official SDK.
 * The vocabulary (truck names, cuisines, dishes) goes in the prompt so names are spelled as we
 * store them. Errors are thrown: FallbackSpeech turns them into the offline answer.
 *
 * `timeoutMs` bounds each call as a whole. The SDK's own `timeout` stops only at the response's
 * headers: a server that sent them and then stalled held the call (and the spoken answer's
 * request) for ever, so every call also carries an abort signal that ends the body's reading.
 * No SDK retries: the offline engine answers instead of a second wait.
 */
export class OpenAiSpeech implements Pick<SpeechProvider, 'transcribe' | 'synthesize'> {
  private readonly client: OpenAI;

  constructor(private readonly config: OpenAiSpeechConfig) {
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseURL,
      timeout: config.timeoutMs,
      maxRetries: 0,
    });
  }

  async transcribe(input: { audio: Uint8Array; pcm: Pcm }, vocabulary: SpeechVocabulary): Promise<Transcript> {
    const extension = EXTENSIONS[sniffAudio(input.audio) ?? 'wav'];
    const file = await toFile(Buffer.from(input.audio), `question.${extension}`);
    const result: unknown = await this.client.audio.transcriptions.create(
      {
        file,
        model: this.config.transcriptionModel,
        language: 'en',
        prompt: transcriptionPrompt(vocabulary),
      },
      { signal: this.deadline() },
    );
    // A compatible server may answer anything: only a JSON object with a text is a transcript.
    const text = typeof result === 'object' && result !== null && 'text' in result ? result.text : undefined;
    if (typeof text !== 'string') throw new Error('The transcription answer has no text');
    return { text: text.trim(), confidence: 1, provider: 'openai' };
  }

  async synthesize(text: string): Promise<SpokenAudio> {
    const signal = this.deadline();
    const response = await this.client.audio.speech.create(
      { model: this.config.speechModel, voice: this.config.voice, input: text, response_format: 'mp3' },
      { signal },
    );
    const audio = Buffer.from(await response.arrayBuffer());
    // Stored and served as audio/mpeg, so it must be MP3 (not an error page answered with 200).
    if (sniffAudio(audio) !== 'mp3') throw new Error('The speech answer is not MP3 audio');
    return { audio, contentType: 'audio/mpeg' };
  }

  private deadline(): AbortSignal {
    return AbortSignal.timeout(this.config.timeoutMs);
  }
}

/** A short prompt listing the names a diner may say (Whisper reads up to ~224 tokens of it). */
export function transcriptionPrompt(vocabulary: SpeechVocabulary): string {
  const names = [...(vocabulary.slots.truck ?? []), ...(vocabulary.slots.cuisine ?? []), ...(vocabulary.slots.item ?? [])];
  return `Questions about food trucks, for example: ${[...new Set(names)].slice(0, 80).join(', ')}.`.slice(0, 900);
}
