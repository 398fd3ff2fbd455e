/**
 * The voices of the spoken evaluation set: Flite's four built-in voices (the WebAssembly Flite the
 * server speaks with: slt, kal16, rms, awb) and Festival's kal_diphone (Debian's `festival` and
 * `festvox-kallpc16k`: a different synthesiser, LPC diphones, never used to tune). Festival is
 * optional: without it the set has Flite's voices only, and the bench says so.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeRecording } from '../../server/src/integrations/speech/audio';
import type { Pcm, SpeechProvider } from '../../server/src/integrations/speech';

const run = promisify(execFile);

export const FLITE_SET_VOICES = ['slt', 'kal16', 'rms', 'awb'] as const;
export const FESTIVAL_VOICE = 'festival-kal';
/** The voices the tune part is said in: no held-out-only voice among them. */
export const TUNE_VOICES = ['slt', 'rms', 'kal16'] as const;

export async function festivalAvailable(): Promise<boolean> {
  try {
    await run('text2wave', ['-h']);
    return true;
  } catch {
    return false;
  }
}

async function festival(text: string): Promise<Pcm> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ftf-festival-'));
  try {
    const file = path.join(dir, 'out.wav');
    const child = run('text2wave', ['-eval', '(voice_kal_diphone)', '-o', file]);
    child.child.stdin?.end(text);
    await child;
    return (await decodeRecording(new Uint8Array(await readFile(file)), 600)).pcm;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function say(speech: SpeechProvider, text: string, voice: string): Promise<Pcm> {
  if (voice === FESTIVAL_VOICE) return festival(text);
  const { audio } = await speech.synthesize(text, { voice });
  return (await decodeRecording(audio, 600)).pcm;
}
