/**
 * The spoken evaluation set's questions TYPED (no audio, no timing): the understanding layer's
 * ceiling, deterministic. Each question goes to /api/voice-assistant-free as text on a seeded
 * in-process server (PGlite), as the bench's typed answers do; a question about a truck is right
 * when its answer recommends that truck first, any other question when it is answered (not a
 * re-ask).
 *
 *   npx tsx bench/voice-set/typed.ts              the tune part: the figure and every failure,
 *                                                 with the intent the layer read
 *   npx tsx bench/voice-set/typed.ts held-out     the held-out part: the figure only (its failures
 *                                                 are never printed, so nobody tunes on them)
 *   BENCH_TYPED_SHOW=1 (tune part only) prints every answer, right or not.
 */
import { loadavg } from 'node:os';
import type { VoiceAnswer } from '@shared/contracts';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { seedDemoData } from '../../server/src/db/seed';
import { understand } from '../../server/src/modules/voice/understand';
import { VoiceAssistant } from '../../server/src/modules/voice/voice.service';
import { startTestServer } from '../../server/src/test/harness';
import { demoVocabulary } from './demo';
import { evaluationQuestions, type EvalQuestion } from './questions';
import { REASK } from './set';

const part: EvalQuestion['split'] = process.argv[2] === 'held-out' ? 'held-out' : 'tune';
const HERE = { latitude: 30.25, longitude: -97.75 };

const server = await startTestServer({
  trustProxy: true,
  voice: { ratePerMinute: 100_000, freeUsesPerAddress: 100_000 },
});
try {
  await seedDemoData(server.db, { storage: server.integrations.storage });
  const { dishes } = await demoVocabulary(server.url);
  const questions = evaluationQuestions(dishes).filter((q) => q.split === part);
  // The same live data the server understands with, for printing what a failure was read as.
  const knowledge = await new VoiceAssistant(
    server.db,
    server.integrations.speech,
    server.config.defaultTimeZone ?? DEFAULT_TIME_ZONE,
  ).know();
  let answered = 0;
  let withTruck = 0;
  let rightTruck = 0;
  const failures: string[] = [];
  for (const [i, question] of questions.entries()) {
    const res = await fetch(`${server.url}/api/voice-assistant-free`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
      body: JSON.stringify({ text: question.text, userLocation: HERE }),
    });
    if (!res.ok) throw new Error(`voice: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as VoiceAnswer;
    const isAnswer = !REASK.test(answer.text);
    if (isAnswer) answered++;
    const first = answer.recommendedTrucks[0]?.name;
    const ok = question.truck ? first === question.truck : isAnswer;
    if (question.truck) {
      withTruck++;
      if (ok) rightTruck++;
    }
    if (part === 'tune' && process.env.BENCH_TYPED_SHOW) {
      console.log(
        `${ok ? 'ok  ' : 'NOT '}"${question.text}" → "${answer.text}" [${answer.recommendedTrucks.map((t) => t.name).join(', ')}]`,
      );
    }
    if (!ok && part === 'tune') {
      const intent = understand(question.text, knowledge.understanding);
      failures.push(
        `- "${question.text}" (want ${question.truck ?? 'an answer'}) → ${JSON.stringify(intent)}\n    "${answer.text}" [${answer.recommendedTrucks.map((t) => t.name).join(', ')}]`,
      );
    }
  }
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
  if (failures.length) console.log(`Not right (${failures.length}):\n${failures.join('\n')}\n`);
  console.log(
    `Typed, ${part} part: ${questions.length} questions, ${pct(answered, questions.length)} answered, ` +
      `${rightTruck}/${withTruck} = ${pct(rightTruck, withTruck)} of the questions about a truck recommend it first ` +
      `(load average ${loadavg()[0]?.toFixed(1)}).`,
  );
} finally {
  await server.close();
}
