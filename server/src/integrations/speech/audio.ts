import libsamplerate from '@alexanderolsen/libsamplerate-js';
import decode from 'audio-decode';
import { AudioInputError, type Pcm } from './speech';

/** What the acoustic model was trained on (PocketSphinx en-us, 16 kHz wideband). */
export const RECOGNISER_SAMPLE_RATE = 16_000;

export type AudioContainer = 'webm' | 'ogg' | 'mp4' | 'wav' | 'mp3' | 'flac';

/** The container, read from the bytes; a declared MIME type is never trusted. */
export function sniffAudio(bytes: Uint8Array): AudioContainer | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  return undefined;
}

/**
 * How long a recording says it is, read from its container without decoding: WAV (data size over
 * byte rate) and Ogg (the last page's granule position: 48 kHz for Opus, the stream's rate for
 * Vorbis). Undefined for other containers (Chrome's WebM carries no duration) or when unreadable;
 * then the decoded length decides.
 */
export function declaredSeconds(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  const container = sniffAudio(bytes);
  if (container === 'wav') {
    let byteRate = 0;
    for (let at = 12; at + 8 <= bytes.length; ) {
      const id = ascii(at, 4);
      const size = view.getUint32(at + 4, true);
      if (id === 'fmt ' && at + 20 <= bytes.length) byteRate = view.getUint32(at + 16, true);
      if (id === 'data') return byteRate > 0 ? Math.min(size, bytes.length - at - 8) / byteRate : undefined;
      at += 8 + size + (size % 2);
    }
    return undefined;
  }
  if (container === 'ogg' && bytes.length >= 48) {
    const codec = ascii(28, 8);
    const rate = codec === 'OpusHead' ? 48_000 : codec.startsWith('\u0001vorbis') ? view.getUint32(40, true) : 0;
    if (!rate) return undefined;
    // The last page that ends a packet carries the stream's length in samples.
    for (let at = bytes.length - 27; at >= 0; at--) {
      if (bytes[at] !== 0x4f || ascii(at, 4) !== 'OggS') continue;
      const granule = view.getBigInt64(at + 6, true);
      if (granule >= 0n) return Number(granule) / rate;
    }
  }
  return undefined;
}

/**
 * Resamples mono audio with libsamplerate's band-limited sinc converter: its low-pass filter keeps
 * everything above the new Nyquist frequency from folding back into the speech band (which naive
 * linear interpolation does, and which ruins recognition).
 */
export async function resample(pcm: Pcm, sampleRate: number): Promise<Pcm> {
  if (pcm.sampleRate === sampleRate || pcm.samples.length === 0) return { samples: pcm.samples, sampleRate };
  const resampler = await libsamplerate.create(1, pcm.sampleRate, sampleRate, {
    converterType: libsamplerate.ConverterType.SRC_SINC_MEDIUM_QUALITY,
  });
  try {
    return { samples: resampler.simple(pcm.samples), sampleRate };
  } finally {
    resampler.destroy();
  }
}

/** Down-mixes to mono at the recogniser's sample rate. */
export async function toRecogniserPcm(channels: Float32Array[], sampleRate: number): Promise<Pcm> {
  const length = channels[0]?.length ?? 0;
  const mono = new Float32Array(length);
  for (const channel of channels) {
    for (let i = 0; i < length; i++) mono[i]! += (channel[i] ?? 0) / channels.length;
  }
  return resample({ samples: mono, sampleRate }, RECOGNISER_SAMPLE_RATE);
}

export const tooLong = (maxSeconds: number) => new AudioInputError(`Recordings are limited to ${maxSeconds} seconds`, 'too-long');

export interface DecodedRecording {
  container: AudioContainer;
  pcm: Pcm;
  seconds: number;
}

/**
 * Decodes a browser recording (webm/opus, ogg/opus, mp4/aac; also wav, mp3, flac) in-process.
 * Throws AudioInputError for bytes that are not audio, and for recordings longer than maxSeconds.
 */
export async function decodeRecording(bytes: Uint8Array, maxSeconds: number): Promise<DecodedRecording> {
  const container = sniffAudio(bytes);
  if (!container) throw new AudioInputError('Unsupported or undecodable audio', 'undecodable');
  let decoded: { channelData: Float32Array[]; sampleRate: number };
  try {
    decoded = await decode(bytes);
  } catch {
    throw new AudioInputError('Unsupported or undecodable audio', 'undecodable');
  }
  const length = decoded.channelData[0]?.length ?? 0;
  if (!decoded.sampleRate || decoded.channelData.length === 0) {
    throw new AudioInputError('Unsupported or undecodable audio', 'undecodable');
  }
  const seconds = length / decoded.sampleRate;
  if (seconds > maxSeconds) throw tooLong(maxSeconds);
  const pcm = await toRecogniserPcm(decoded.channelData, decoded.sampleRate);
  return { container, pcm, seconds };
}

/**
 * True when the recording holds no speech-level sound: every 30 ms frame is below -50 dBFS
 * (browsers' noise suppression leaves digital near-silence when nobody speaks).
 */
export function isSilent(pcm: Pcm): boolean {
  const frame = Math.round(pcm.sampleRate * 0.03);
  const threshold = 10 ** (-50 / 20);
  for (let start = 0; start + frame <= pcm.samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += pcm.samples[i]! ** 2;
    if (Math.sqrt(sum / frame) > threshold) return false;
  }
  return true;
}

/**
 * Drops the quiet before and after the speech (keeping `margin` seconds of it): frames more than
 * 35 dB below the loudest frame. Decoding time grows with the audio's length, and a diner's
 * recording is mostly the pause before speaking and the pause before pressing stop.
 */
export function trimSilence(pcm: Pcm, margin = 0.25): Pcm {
  const frame = Math.round(pcm.sampleRate * 0.03);
  const levels: number[] = [];
  for (let start = 0; start + frame <= pcm.samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += pcm.samples[i]! ** 2;
    levels.push(Math.sqrt(sum / frame));
  }
  const threshold = Math.max(...levels, 0) * 10 ** (-35 / 20);
  const first = levels.findIndex((level) => level > threshold);
  if (first < 0) return pcm;
  const last = levels.length - 1 - [...levels].reverse().findIndex((level) => level > threshold);
  const pad = Math.round(margin * pcm.sampleRate);
  const from = Math.max(0, first * frame - pad);
  const to = Math.min(pcm.samples.length, (last + 1) * frame + pad);
  return { samples: pcm.samples.subarray(from, to), sampleRate: pcm.sampleRate };
}

/** 16-bit PCM WAV, the format Flite writes and every browser plays. */
export function encodeWav(pcm: Pcm): Buffer {
  const data = Buffer.alloc(pcm.samples.length * 2);
  for (let i = 0; i < pcm.samples.length; i++) {
    const s = Math.max(-1, Math.min(1, pcm.samples[i]!));
    data.writeInt16LE(Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(pcm.sampleRate, 24);
  header.writeUInt32LE(pcm.sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
