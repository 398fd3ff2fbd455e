/**
 * Tunes the offline recogniser on the tune part of the spoken evaluation set (never the held-out
 * part): word error rate clean and at 10 dB, and how much off-topic speech is rejected, for each
 * setting given in BENCH_TUNE (JSON list of OfflineSpeech options). Recogniser alone, no server
 * pipeline: `npx tsx bench/voice-set/tune.ts`.
 *
 * BENCH_TUNE_ANSWERS=1: the whole pipeline instead, as `npm run bench:voice` measures the held-out
 * part — each question sent as WebM/Opus to /api/voice-assistant-free on a server using the
 * setting, its answer compared with the same question typed just before and after it (judgeSpoken
 * in set.ts): right answers, invented trucks (a spoken answer recommending a truck its typed answer
 * does not), WER of the answer's transcript.
 * BENCH_TUNE_SHOW=1 prints each question that is not right.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { VoiceAnswer } from '@shared/contracts';
import { seedDemoData } from '../../server/src/db/seed';
import { FallbackSpeech, OfflineSpeech } from '../../server/src/integrations/speech';
import { encodeWebmOpus } from '../../server/src/test/speech-audio';
import { spoken } from '../../server/src/modules/voice/voice-language';
import { startTestServer } from '../../server/src/test/harness';
import { demoVocabulary } from './demo';
import { evaluationQuestions } from './questions';
import {
  babbleTalk,
  CONDITIONS,
  inCondition,
  judgeSpoken,
  noiseKindOf,
  OFF_TOPIC,
  speakSet,
  wordErrors,
  type SpokenQuestion,
} from './set';
import type { Pcm } from '../../server/src/integrations/speech';
import { say } from './voices';

type Setting = ConstructorParameters<typeof OfflineSpeech>[0];
const settings: Setting[] = process.env.BENCH_TUNE
  ? (JSON.parse(process.env.BENCH_TUNE) as Setting[])
  : [{ model: 'grammar', denoise: false }, { denoise: false }, {}];

const HERE = { latitude: 30.25, longitude: -97.75 };

/** The whole pipeline on a server whose recogniser has `setting`: right answers and invented trucks. */
async function answersWith(setting: Setting, set: SpokenQuestion[], talk: Pcm[]): Promise<string[]> {
  const recogniser = new OfflineSpeech(setting);
  const app = await startTestServer(
    { trustProxy: true, voice: { ratePerMinute: 100_000, freeUsesPerAddress: 100_000 } },
    { integrations: { speech: new FallbackSpeech(recogniser, {}) } },
  );
  try {
    await seedDemoData(app.db, { storage: app.integrations.storage });
    let address = 0;
    const ask = async (body: Record<string, unknown>) => {
      const res = await fetch(`${app.url}/api/voice-assistant-free`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${++address % 250}` },
        body: JSON.stringify({ ...body, userLocation: HERE }),
      });
      if (!res.ok) throw new Error(`voice: ${res.status} ${await res.text()}`);
      return (await res.json()) as VoiceAnswer;
    };
    const row: string[] = [];
    for (const condition of CONDITIONS.filter((c) => c.name !== '20 dB')) {
      let right = 0;
      let invented = 0;
      let errors = 0;
      let words = 0;
      for (const [i, question] of set.entries()) {
        const audioData = (await encodeWebmOpus(inCondition(question, i, condition, talk))).toString('base64');
        const { answer, right: ok, invented: made } = await judgeSpoken(
          () => ask({ text: question.text }),
          () => ask({ audioData }),
        );
        if (ok) right++;
        if (made) invented++;
        const e = wordErrors(question.text, answer.transcript);
        errors += e.errors;
        words += e.words;
        if (!ok && process.env.BENCH_TUNE_SHOW) {
          const noise = condition.snrDb === undefined ? '' : ` / ${noiseKindOf(i)}`;
          console.log(
            `  ${made ? 'INVENTED ' : ''}${condition.name} / ${question.voice}${noise}: "${question.text}" → "${answer.transcript}" → "${answer.text}"`,
          );
        }
      }
      const pct = (n: number) => `${((100 * n) / Math.max(1, set.length)).toFixed(1)} %`;
      row.push(
        `${condition.name}: right ${pct(right)}, invented ${invented}, WER ${((100 * errors) / Math.max(1, words)).toFixed(1)} %`,
      );
    }
    return row;
  } finally {
    await app.close();
    await recogniser.close();
  }
}

const server = await startTestServer({});
const keepAlive = setInterval(() => undefined, 60_000);
try {
  await seedDemoData(server.db, { storage: server.integrations.storage });
  const { vocabulary, dishes } = await demoVocabulary(server.url);
  const speech = server.integrations.speech;
  const questions = evaluationQuestions(dishes)
    .filter((q) => q.split === 'tune')
    .slice(0, Number(process.env.BENCH_TUNE_LIMIT ?? Infinity));
  const set = await speakSet(speech, questions);
  const talk = await babbleTalk(speech);
  const offTopic = await Promise.all(
    OFF_TOPIC.map((text, i) => say(speech, text, ['slt', 'rms', 'kal16'][i % 3]!)),
  );
  console.log(`tune part: ${set.length} questions; load average ${loadavg()[0]?.toFixed(1)}`);
  for (const setting of settings) {
    if (process.env.BENCH_TUNE_ANSWERS) {
      const row = await answersWith(setting, set, talk);
      console.log(
        `${JSON.stringify(setting)} | whole pipeline | ${row.join(' | ')} | load average ${loadavg()[0]?.toFixed(1)}`,
      );
      continue;
    }
    const recogniser = new OfflineSpeech(setting);
    await recogniser.useVocabulary(vocabulary);
    const row: string[] = [JSON.stringify(setting)];
    for (const condition of CONDITIONS.filter((c) => c.name !== '20 dB')) {
      let errors = 0;
      let words = 0;
      let exact = 0;
      const started = performance.now();
      for (const [i, question] of set.entries()) {
        const heard = await recogniser.transcribe(
          { pcm: inCondition(question, i, condition, talk) },
          vocabulary,
        );
        const e = wordErrors(question.text, heard.text);
        errors += e.errors;
        words += e.words;
        if (e.errors === 0) exact++;
        else if (process.env.BENCH_TUNE_SHOW) console.log(`  ${condition.name} / ${question.voice}: "${spoken(question.text)}" → "${heard.text}"`);
      }
      const perQuestion = (performance.now() - started) / set.length;
      row.push(
        `${condition.name}: WER ${((100 * errors) / words).toFixed(1)} %, exact ${((100 * exact) / set.length).toFixed(0)} %, ${perQuestion.toFixed(0)} ms/q`,
      );
    }
    let rejected = 0;
    for (const pcm of offTopic) if (!(await recogniser.transcribe({ pcm }, vocabulary)).text) rejected++;
    row.push(`off-topic rejected ${rejected}/${offTopic.length}`);
    console.log(row.join(' | '));
    await recogniser.close();
  }
} finally {
  clearInterval(keepAlive);
  await server.close();
}
