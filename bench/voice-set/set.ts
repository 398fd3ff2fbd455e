/**
 * The spoken evaluation set, built in memory (nothing generated is kept in git): each question of
 * questions.ts said in one voice, clean and with traffic, crowd babble or wind at 20 dB and
 * 10 dB SNR. Voices rotate over the questions: the tune part in TUNE_VOICES, the held-out part in
 * every voice (Festival's only there), so no voice used to tune has more than its share of it.
 *
 *   npx tsx bench/voice-set/tune.ts     tunes on the tune part (recogniser alone, WER)
 *   npm run bench:voice                 reports on the held-out part (whole pipeline)
 */
import type { VoiceAnswer } from '@shared/contracts';
import type { Pcm, SpeechProvider } from '../../server/src/integrations/speech';
import { padded } from '../../server/src/test/speech-audio';
import { makeNoise, mix, type NoiseKind } from '../../server/src/test/outdoor-noise';
import { spoken } from '../../server/src/modules/voice/voice-language';
import type { EvalQuestion } from './questions';
import { FESTIVAL_VOICE, FLITE_SET_VOICES, festivalAvailable, say, TUNE_VOICES } from './voices';

export interface Condition {
  name: string;
  noise?: NoiseKind;
  snrDb?: number;
}

export const CONDITIONS: Condition[] = [
  { name: 'clean' },
  { name: '20 dB', snrDb: 20 },
  { name: '10 dB', snrDb: 10 },
];
const NOISES: NoiseKind[] = ['traffic', 'babble', 'wind'];

/** Sentences nobody asks a food-truck assistant: the babble's talkers and the off-topic checks. */
export const OFF_TOPIC = [
  'what will the weather be like in paris tomorrow afternoon',
  'please call my mother and tell her i will be late',
  'the quarterly report is due on the fifteenth of march',
  'turn the living room lights down to forty percent',
  'my cat knocked the glass off the kitchen table again',
  'how many miles is it from the moon to the sun',
];

export interface SpokenQuestion extends EvalQuestion {
  voice: string;
  clean: Pcm;
}

export async function voicesFor(split: EvalQuestion['split']): Promise<string[]> {
  if (split === 'tune') return [...TUNE_VOICES];
  return (await festivalAvailable()) ? [...FLITE_SET_VOICES, FESTIVAL_VOICE] : [...FLITE_SET_VOICES];
}

export async function speakSet(speech: SpeechProvider, questions: EvalQuestion[]): Promise<SpokenQuestion[]> {
  const voices = { tune: await voicesFor('tune'), 'held-out': await voicesFor('held-out') };
  const counters = { tune: 0, 'held-out': 0 };
  const out: SpokenQuestion[] = [];
  for (const question of questions) {
    const pool = voices[question.split];
    const voice = pool[counters[question.split]++ % pool.length]!;
    out.push({ ...question, voice, clean: padded(await say(speech, question.text, voice), 0.4) });
  }
  return out;
}

/** Babble talkers: the off-topic sentences in every Flite voice. */
export async function babbleTalk(speech: SpeechProvider): Promise<Pcm[]> {
  const talk: Pcm[] = [];
  for (const [i, text] of OFF_TOPIC.entries()) talk.push(await say(speech, text, FLITE_SET_VOICES[i % FLITE_SET_VOICES.length]!));
  return talk;
}

/** The question in a condition: the noise kind rotates with the question's index, seeded by it. */
export function inCondition(question: SpokenQuestion, index: number, condition: Condition, talk: Pcm[]): Pcm {
  if (condition.snrDb === undefined) return question.clean;
  const kind = NOISES[index % NOISES.length]!;
  const noise = makeNoise(kind, question.clean.samples.length, question.clean.sampleRate, 1000 + index, talk);
  return mix(question.clean, noise, condition.snrDb);
}

export const noiseKindOf = (index: number) => NOISES[index % NOISES.length]!;

/**
 * Word error rate: word-level edit distance over the reference's length, both in spoken form (a
 * recogniser that writes "Find me some coffee." heard "find me some coffee").
 */
export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = spoken(reference).split(/\s+/).filter(Boolean);
  const hyp = spoken(hypothesis).split(/\s+/).filter(Boolean);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return { errors: previous[hyp.length]!, words: ref.length };
}

/** What a spoken answer is judged by. */
export type AnswerShape = Pick<VoiceAnswer, 'text' | 'recommendedTruckIds'>;

/** The assistant's re-ask: a question it did not answer. */
export const REASK = /Please rephrase/;

/**
 * A spoken question's answer judged against the same question typed, asked just before and just
 * after it: an answer reads the clock (a stop that ends at 23:30, "tomorrow" at midnight), and a
 * boundary passed while the recording was recognised changes the typed answer too. Same: equal to
 * either. Right: same, and the typed answer is no re-ask. Invented: recommends a truck that
 * neither typed answer does.
 */
export async function judgeSpoken<A extends AnswerShape>(
  typed: () => Promise<AnswerShape>,
  spokenAnswer: () => Promise<A>,
): Promise<{ answer: A; same: boolean; right: boolean; invented: boolean }> {
  const before = await typed();
  const answer = await spokenAnswer();
  const after = await typed();
  const references = [before, after];
  const match = references.find(
    (r) => r.text === answer.text && r.recommendedTruckIds.join() === answer.recommendedTruckIds.join(),
  );
  const recommended = new Set(references.flatMap((r) => r.recommendedTruckIds));
  return {
    answer,
    same: match !== undefined,
    right: match !== undefined && !REASK.test(match.text),
    invented: answer.recommendedTruckIds.some((id) => !recommended.has(id)),
  };
}
