/**
 * Speech to text and text to speech behind one interface, so the voice module does not know
 * which engine answers: the offline provider (PocketSphinx + Flite in WebAssembly) or an
 * OpenAI-compatible API with the offline one as its fallback.
 */

/** Mono PCM as the recognisers want it. */
export interface Pcm {
  samples: Float32Array;
  sampleRate: number;
}

/**
 * What may be said, written once by the voice module and used by every recogniser: the offline
 * one compiles it to a JSGF grammar, the cloud one turns it into a prompt. Templates use a small
 * JSGF subset: words, `<slot>`, `[optional]`, `(a | b)`.
 */
export interface SpeechVocabulary {
  /** Changes whenever trucks or menus change; recognisers rebuild only then. */
  version: string;
  /** Each slot's values, already in spoken form (lower case words). */
  slots: Record<string, string[]>;
  templates: string[];
}

export interface Transcript {
  text: string;
  /** 0..1: how sure the recogniser is (offline: share of the audio that matched speech). */
  confidence: number;
  provider: 'offline' | 'openai';
  /**
   * A food in `text` the recogniser is not sure of, and the one it may have been instead (the
   * offline recogniser's second opinion, ADR 0171): asked again unless another reading is answered.
   */
  doubt?: [heard: string, other: string];
  /**
   * Other readings of the recording, to try in turn when `text` cannot be answered (the offline
   * recogniser's second opinion, ADR 0169). Read only when asked for: most questions never need them.
   */
  otherReadings?: () => Promise<string[]>;
}

export interface SpokenAudio {
  audio: Buffer;
  contentType: string;
}

export interface SpeechProvider {
  /**
   * A browser recording as 16 kHz mono PCM (container sniffed from the bytes, never trusted from a
   * declared type). Throws AudioInputError for what is not usable audio.
   */
  decode(audio: Uint8Array, maxSeconds: number): Promise<{ pcm: Pcm; seconds: number }>;
  /** `audio` is the recording as sent (for cloud APIs); `pcm` its decoded, 16 kHz mono form. */
  transcribe(input: { audio: Uint8Array; pcm: Pcm }, vocabulary: SpeechVocabulary): Promise<Transcript>;
  synthesize(text: string, options?: { voice?: string }): Promise<SpokenAudio>;
  /** Gets ready for this vocabulary ahead of the first question (the offline grammar). */
  prepare?(vocabulary: SpeechVocabulary): Promise<void>;
  close(): Promise<void>;
}

/** The recording could not be used: the voice module answers 400 with this message. */
export class AudioInputError extends Error {
  constructor(
    message: string,
    readonly reason: 'undecodable' | 'silent' | 'too-long',
  ) {
    super(message);
  }
}
