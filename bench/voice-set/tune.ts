/**
 * Tunes the offline recogniser on the tune part of the spoken evaluation set (never the held-out
 * part): word error rate clean and at 10 dB, and how much off-topic speech is rejected, for each
 * setting given in BENCH_TUNE (JSON list of OfflineSpeech options). Recogniser alone, no server
 * pipeline: `npx tsx bench/voice-set/tune.ts`.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { seedDemoData } from '../../server/src/db/seed';
import { OfflineSpeech } from '../../server/src/integrations/speech';
import { spoken } from '../../server/src/modules/voice/voice-language';
import { startTestServer } from '../../server/src/test/harness';
import { demoVocabulary } from './demo';
import { evaluationQuestions } from './questions';
import { babbleTalk, CONDITIONS, inCondition, OFF_TOPIC, speakSet, wordErrors } from './set';
import { say } from './voices';

type Setting = ConstructorParameters<typeof OfflineSpeech>[0];
const settings: Setting[] = process.env.BENCH_TUNE
  ? (JSON.parse(process.env.BENCH_TUNE) as Setting[])
  : [{ model: 'grammar', denoise: false }, { denoise: false }, {}];

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
  const offTopic = await Promise.all(OFF_TOPIC.map((text, i) => say(speech, text, ['slt', 'rms', 'kal16'][i % 3]!)));
  console.log(`tune part: ${set.length} questions; load average ${loadavg()[0]?.toFixed(1)}`);
  for (const setting of settings) {
    const recogniser = new OfflineSpeech(setting);
    await recogniser.useVocabulary(vocabulary);
    const row: string[] = [JSON.stringify(setting)];
    for (const condition of CONDITIONS.filter((c) => c.name !== '20 dB')) {
      let errors = 0;
      let words = 0;
      let exact = 0;
      const started = performance.now();
      for (const [i, question] of set.entries()) {
        const heard = await recogniser.transcribe({ pcm: inCondition(question, i, condition, talk) }, vocabulary);
        const e = wordErrors(spoken(question.text), heard.text);
        errors += e.errors;
        words += e.words;
        if (e.errors === 0) exact++;
      }
      const perQuestion = (performance.now() - started) / set.length;
      row.push(`${condition.name}: WER ${((100 * errors) / words).toFixed(1)} %, exact ${((100 * exact) / set.length).toFixed(0)} %, ${perQuestion.toFixed(0)} ms/q`);
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
