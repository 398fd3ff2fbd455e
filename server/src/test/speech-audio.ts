import OpusScript from 'opusscript';
import { ArrayBufferTarget, Muxer } from 'webm-muxer';
import { decodeRecording, encodeWav, resample } from '../integrations/speech/audio';
import type { VoiceAnswer } from '@shared/contracts';
import type { Pcm, SpeechProvider } from '../integrations/speech';

/**
 * Speech for tests and benchmarks, made here: Flite says the question, and it is encoded as
 * browsers record it — Opus at 48 kHz in WebM (Chrome's MediaRecorder) or Ogg (Firefox's).
 */
const OPUS_RATE = 48_000;
const FRAME = 960; // 20 ms at 48 kHz, as browsers send

export async function speak(speech: SpeechProvider, text: string, voice?: string): Promise<Pcm> {
  const { audio } = await speech.synthesize(text, voice ? { voice } : undefined);
  return (await decodeRecording(audio, 600)).pcm;
}

/** Adds white noise at the given signal-to-noise ratio (dB), from a seeded generator. */
export function withNoise(pcm: Pcm, snrDb: number, seed = 1): Pcm {
  let power = 0;
  for (const s of pcm.samples) power += s * s;
  power /= Math.max(1, pcm.samples.length);
  const amplitude = Math.sqrt(power / 10 ** (snrDb / 10)) * Math.sqrt(3);
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return { samples: pcm.samples.map((s) => s + random() * amplitude), sampleRate: pcm.sampleRate };
}

/** White noise (seeded), e.g. a recording of a busy street with nobody asking anything. */
export function noise(seconds: number, amplitude: number, sampleRate = 16_000, seed = 7): Pcm {
  const silence = { samples: new Float32Array(Math.round(seconds * sampleRate)).fill(amplitude), sampleRate };
  const noisy = withNoise(silence, 0, seed);
  return { samples: noisy.samples.map((s) => s - amplitude), sampleRate };
}

/** Half a second of quiet before and after, as a person pressing the button leaves. */
export function padded(pcm: Pcm, seconds = 0.5): Pcm {
  const pad = Math.round(pcm.sampleRate * seconds);
  const samples = new Float32Array(pcm.samples.length + 2 * pad);
  samples.set(pcm.samples, pad);
  return { samples, sampleRate: pcm.sampleRate };
}

async function opusPackets(pcm: Pcm): Promise<Uint8Array[]> {
  const { samples } = await resample(pcm, OPUS_RATE);
  const encoder = new OpusScript(OPUS_RATE, 1, OpusScript.Application.VOIP);
  try {
    const packets: Uint8Array[] = [];
    for (let start = 0; start < samples.length; start += FRAME) {
      const frame = Buffer.alloc(FRAME * 2);
      for (let i = 0; i < FRAME; i++) {
        const s = Math.max(-1, Math.min(1, samples[start + i] ?? 0));
        frame.writeInt16LE(Math.round(s * 32767), i * 2);
      }
      packets.push(new Uint8Array(encoder.encode(frame, FRAME)));
    }
    return packets;
  } finally {
    encoder.delete();
  }
}

/** The Opus identification header (RFC 7845), also WebM's CodecPrivate. */
function opusHead(): Uint8Array {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0);
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(OPUS_RATE, 12);
  return new Uint8Array(head);
}

export async function encodeWebmOpus(pcm: Pcm): Promise<Buffer> {
  const packets = await opusPackets(pcm);
  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    audio: { codec: 'A_OPUS', sampleRate: OPUS_RATE, numberOfChannels: 1 },
  });
  const meta = { decoderConfig: { codec: 'opus', sampleRate: OPUS_RATE, numberOfChannels: 1, description: opusHead() } };
  packets.forEach((packet, i) => muxer.addAudioChunkRaw(packet, 'key', Math.round((i * FRAME * 1e6) / OPUS_RATE), meta));
  muxer.finalize();
  return Buffer.from(muxer.target.buffer);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(packet: Uint8Array, sequence: number, granule: bigint, flags: number): Buffer {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0);
  header.writeUInt8(flags, 5);
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x5446_5446, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt8(lacing.length, 26);
  lacing.forEach((value, i) => header.writeUInt8(value, 27 + i));
  const page = Buffer.concat([header, Buffer.from(packet)]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

export async function encodeOggOpus(pcm: Pcm): Promise<Buffer> {
  const packets = await opusPackets(pcm);
  const tags = Buffer.alloc(8 + 4 + 4 + 4);
  tags.write('OpusTags', 0);
  tags.writeUInt32LE(4, 8);
  tags.write('test', 12);
  tags.writeUInt32LE(0, 16);
  const pages = [oggPage(opusHead(), 0, 0n, 0x02), oggPage(new Uint8Array(tags.subarray(0, 20)), 1, 0n, 0)];
  packets.forEach((packet, i) => {
    const last = i === packets.length - 1;
    pages.push(oggPage(packet, i + 2, BigInt((i + 1) * FRAME), last ? 0x04 : 0));
  });
  return Buffer.concat(pages);
}

export { encodeWav };

/**
 * Asks the free voice assistant at `baseUrl` a recording (base64) from `position`, over real HTTP,
 * as a visitor's browser does: the status and the answer.
 */
export async function askFreeByVoice(
  baseUrl: string,
  audioData: string,
  position: { latitude: number; longitude: number },
): Promise<{ status: number; answer: VoiceAnswer }> {
  const res = await fetch(`${baseUrl}/api/voice-assistant-free`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ audioData, userLocation: position }),
  });
  return { status: res.status, answer: (await res.json()) as VoiceAnswer };
}
