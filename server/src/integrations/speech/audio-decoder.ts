import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { declaredSeconds, type DecodedRecording, sniffAudio, tooLong } from './audio';
import type { CleanedSpeech } from './noise-suppression';
import { AudioInputError, type Pcm } from './speech';

export type DecodeRequest =
  | { id: number; audio: Uint8Array; maxSeconds: number }
  /** Noise suppression and voice activity detection of decoded PCM (noise-suppression.ts). */
  | { id: number; clean: Pcm };

export type DecodeReply =
  | { ready: true; id?: undefined }
  | { id: number; recording: DecodedRecording }
  | { id: number; cleaned: CleanedSpeech }
  | { id: number; error: { message: string; reason: AudioInputError['reason'] } | undefined };

const UNDECODABLE = 'Unsupported or undecodable audio';
/** Decoding 30 s of any browser format takes well under a second; a stuck codec is killed. */
const DECODE_TIMEOUT_MS = 15_000;

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface Pending {
  resolve: (reply: DecodedRecording | CleanedSpeech) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Decodes browser recordings (webm/opus, ogg/opus, mp4/aac, …) in a warm child process, never in
 * the server's own: the codecs are WebAssembly builds of C libraries, and one of them (FAAD2,
 * which decodes Safari's AAC) has crashed its host process with a segmentation fault. Here such a
 * crash, or a codec that hangs, fails only the recordings in hand (400, undecodable) and the next
 * recording starts a new process. It also keeps the decoding work off the event loop.
 */
export class AudioDecoder {
  private child: { process: ChildProcess; ready: Promise<void> } | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private start() {
    if (this.child) return this.child;
    const child = fork(fileURLToPath(new URL('./audio-decoder-child.ts', import.meta.url)), [], {
      execArgv: ['--import', tsxLoader],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.unref();
    child.channel?.unref();
    const ready = new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`audio decoder exited (${signal ?? code})`)));
      child.on('message', (reply: DecodeReply) => {
        if (reply.id === undefined) return resolve();
        const waiter = this.pending.get(reply.id);
        if (!waiter) return;
        this.pending.delete(reply.id);
        clearTimeout(waiter.timer);
        if ('recording' in reply) waiter.resolve(reply.recording);
        else if ('cleaned' in reply) waiter.resolve(reply.cleaned);
        else waiter.reject(new AudioInputError(reply.error?.message ?? UNDECODABLE, reply.error?.reason ?? 'undecodable'));
      });
    });
    ready.catch(() => undefined);
    child.on('exit', () => this.fail(child, new AudioInputError(UNDECODABLE, 'undecodable')));
    child.on('error', () => this.fail(child, new AudioInputError(UNDECODABLE, 'undecodable')));
    this.child = { process: child, ready };
    return this.child;
  }

  /** The process died or hung: every recording it had in hand is answered as undecodable. */
  private fail(child: ChildProcess, error: Error) {
    if (this.child?.process !== child) return;
    this.child = undefined;
    child.kill('SIGKILL');
    for (const waiter of this.pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.pending.clear();
  }

  /**
   * The recording as 16 kHz mono PCM. Throws AudioInputError for bytes that are not audio (sniffed
   * here, before any process is involved), recordings longer than maxSeconds, and recordings the
   * codec fails on or crashes with.
   */
  async decode(audio: Uint8Array, maxSeconds: number): Promise<DecodedRecording> {
    if (!sniffAudio(audio)) throw new AudioInputError(UNDECODABLE, 'undecodable');
    // Refused before any decoding when the container says it is too long (issue 32).
    if ((declaredSeconds(audio) ?? 0) > maxSeconds) throw tooLong(maxSeconds);
    return this.request<DecodedRecording>((id) => ({ id, audio, maxSeconds }));
  }

  /**
   * The recording with the street taken out (RNNoise), cut to its voiced part; empty when nobody
   * spoke. In this process too: a few tens of milliseconds of WebAssembly per question.
   */
  clean(pcm: Pcm): Promise<CleanedSpeech> {
    return this.request<CleanedSpeech>((id) => ({ id, clean: pcm }));
  }

  private async request<T extends DecodedRecording | CleanedSpeech>(message: (id: number) => DecodeRequest): Promise<T> {
    const { process: child, ready } = this.start();
    await ready;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(child, new AudioInputError(UNDECODABLE, 'undecodable')), DECODE_TIMEOUT_MS);
      this.pending.set(id, { resolve: resolve as (reply: DecodedRecording | CleanedSpeech) => void, reject, timer });
      child.send(message(id));
    });
  }

  /** The decoding process's id while one runs (tests: a recording refused up front starts none). */
  get pid(): number | undefined {
    return this.child?.process.pid;
  }

  close(): Promise<void> {
    const child = this.child?.process;
    this.child = undefined;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill();
    });
  }
}
