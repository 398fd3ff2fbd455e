/**
 * `npm run bench` (voice part): the voice assistant with the offline engines on the demo data.
 *   1. End to end: a 5-second recorded question (WebM/Opus as Chrome sends it) posted to
 *      /api/voice-assistant-free, until the JSON answer arrives (decode, noise suppression,
 *      recognise, understand, answer); and the spoken answer's first fetch (Flite). Memory of the
 *      speech processes (recogniser and decoder/denoiser), resident.
 *   2. The spoken evaluation set (bench/voice-set): its held-out questions, said in every voice,
 *      clean and with traffic, babble or wind at 20 dB and 10 dB SNR, through the whole pipeline.
 *      The recogniser's language model is built with the held-out sentences taken out of its
 *      corpus. "Right answer": the spoken question gets the same answer (text and recommended
 *      trucks) as the same question typed, and the typed answer is an answer (not a re-ask). The
 *      typed question is asked just before and just after the spoken one (answers read the clock:
 *      a stop ending while a recording is recognised changes the typed answer too).
 *      "Invented": a spoken answer recommends a truck neither typed answer does. WER: the
 *      transcript against the question's words. The typed answers themselves (the understanding
 *      layer's ceiling) are reported beside: how many are answers, and how many recommend the truck
 *      the question is about first.
 * BENCH_VOICE_LIMIT=n takes n held-out questions spread evenly over the part (quick runs);
 * BENCH_VOICE_SECOND_OPINION=off measures the language model without Moonshine's reading.
 * The held-out questions it gets wrong are counted, not listed: a list read after each run is a
 * list to tune on, and the part would no longer be held out. BENCH_VOICE_SHOW_MISSES=1 lists them
 * (to check the bench itself); tune on bench/voice-set/tune.ts's part, which shows its own.
 * In-process server on a fresh in-memory PGlite (server/src/test/harness.ts).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { VoiceAnswer } from '@shared/contracts';
import { seedDemoData } from '../server/src/db/seed';
import { FallbackSpeech, OfflineSpeech } from '../server/src/integrations/speech';
import { spoken } from '../server/src/modules/voice/voice-language';
import { startTestServer } from '../server/src/test/harness';
import { encodeWebmOpus, padded, speak } from '../server/src/test/speech-audio';
import { ms, percentile, sorted, table } from './harness';
import { describeMachine, saveFigures, type Figure } from './results';
import { demoVocabulary } from './voice-set/demo';
import { evaluationQuestions } from './voice-set/questions';
import {
  babbleTalk,
  CONDITIONS,
  inCondition,
  judgeSpoken,
  noiseKindOf,
  REASK,
  speakSet,
  voicesFor,
  wordErrors,
} from './voice-set/set';

const figures: Figure[] = [];
const E2E_ROUNDS = Number(process.env.BENCH_VOICE_ROUNDS ?? 5);
const LIMIT = Number(process.env.BENCH_VOICE_LIMIT ?? Infinity);
const HERE = { latitude: 30.25, longitude: -97.75 };
const benchStart = performance.now();

/** The held-out questions are known before the server starts: its language model never sees them. */
const bootstrap = await startTestServer({});
await seedDemoData(bootstrap.db, { storage: bootstrap.integrations.storage });
const demo = await demoVocabulary(bootstrap.url);
await bootstrap.close();
const allQuestions = evaluationQuestions(demo.dishes);
const allHeldOut = allQuestions.filter((q) => q.split === 'held-out');
// A quick run takes questions spread evenly over the part (every kind of question, every voice).
const step = Math.max(1, allHeldOut.length / Math.min(LIMIT, allHeldOut.length));
const heldOut = allHeldOut.filter((_, i) => Math.floor(i / step) !== Math.floor((i - 1) / step) || i === 0);

// BENCH_VOICE_SECOND_OPINION=off: the language model alone, without Moonshine's reading (ADR 0169).
const offline = new OfflineSpeech({ heldOut: heldOut.map((q) => spoken(q.text)), secondOpinion: process.env.BENCH_VOICE_SECOND_OPINION !== 'off' });
const server = await startTestServer(
  { trustProxy: true, voice: { ratePerMinute: 100_000, freeUsesPerAddress: 100_000 } },
  { integrations: { speech: new FallbackSpeech(offline, {}) } },
);
await seedDemoData(server.db, { storage: server.integrations.storage });
const speech = server.integrations.speech;
let address = 0;

async function askFree(body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/voice-assistant-free`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${++address % 250}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`voice: ${res.status} ${await res.text()}`);
  return (await res.json()) as VoiceAnswer;
}

/** Resident memory of a process, from /proc (Linux). */
function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

try {
  console.log(`\nVoice assistant (offline engines). ${describeMachine()}`);

  // --- 1. end to end ---
  /** A question padded to 5 s, asked E2E_ROUNDS times after one warm-up: each round's answer and spoken-answer times. */
  const fiveSecondQuestion = async (text: string, truck: string) => {
    const said = await speak(speech, text);
    const pad = (5 * said.sampleRate - said.samples.length) / 2 / said.sampleRate;
    const pcm = padded(said, pad);
    const audioData = (await encodeWebmOpus(pcm)).toString('base64');
    await askFree({ audioData, userLocation: HERE });
    const total: number[] = [];
    const audio: number[] = [];
    for (let round = 0; round < E2E_ROUNDS; round++) {
      loadDuring.push(loadavg()[0] ?? NaN);
      const start = performance.now();
      const answer = await askFree({ audioData, userLocation: HERE });
      total.push(performance.now() - start);
      if (answer.recommendedTrucks[0]?.name !== truck) throw new Error(`wrong answer to "${text}": ${answer.text}`);
      const audioStart = performance.now();
      const res = await fetch(server.url + answer.audioUrl);
      await res.arrayBuffer();
      audio.push(performance.now() - audioStart);
    }
    return { pcm, webm: audioData, total: sorted(total), audio: sorted(audio) };
  };
  const loadDuring: number[] = [];
  await askFree({ text: 'warm up' });
  const { pcm: fiveSeconds, webm, total: t, audio: a } = await fiveSecondQuestion('where is the nearest barbecue truck', 'Smokestack BBQ');
  // A question naming a truck also waits for Moonshine to check the name (ADR 0170).
  const { total: named } = await fiveSecondQuestion('what does masala wheels sell', 'Masala Wheels');
  const webmBytes = Buffer.from(webm, 'base64');
  const decoding: number[] = [];
  for (let round = 0; round < E2E_ROUNDS; round++) {
    const start = performance.now();
    await speech.decode(webmBytes, 30);
    decoding.push(performance.now() - start);
  }
  const dec = sorted(decoding);
  const load = `load average ${(loadDuring.reduce((x, y) => x + y, 0) / loadDuring.length).toFixed(1)} on ${cpus().length} cores`;
  figures.push({
    figure: `voice: 5 s question end to end (offline, noise suppression + language model), p50 / max (${load})`,
    ours: `${ms(percentile(t, 50))} / ${ms(t.at(-1) ?? NaN)}`,
    baseline: `${ms(percentile(dec, 50))} / ${ms(dec.at(-1) ?? NaN)} decoding alone`,
    budget: '< 1 s',
    met: percentile(t, 50) < 1000,
  });
  figures.push({
    figure: `voice: 5 s question naming a truck end to end (its name checked by Moonshine, ADR 0170), p50 / max (${load})`,
    ours: `${ms(percentile(named, 50))} / ${ms(named.at(-1) ?? NaN)}`,
    baseline: `${ms(percentile(t, 50))} p50 naming none`,
    budget: '< 1 s',
    met: percentile(named, 50) < 1000,
  });
  const engineMb = residentMb(offline.enginePid);
  const decoderMb = residentMb(offline.decoderPid);
  figures.push({
    figure: 'voice: memory of the speech processes (resident)',
    ours: `recogniser + Flite ${engineMb?.toFixed(0) ?? '?'} MB, decoder + RNNoise ${decoderMb?.toFixed(0) ?? '?'} MB`,
    baseline: '—',
  });
  table(
    `End to end, ${(fiveSeconds.samples.length / fiveSeconds.sampleRate).toFixed(1)} s question (${Math.round((webm.length * 3) / 4 / 1024)} KB WebM/Opus), ${E2E_ROUNDS} rounds, ${load}`,
    ['step', 'p50', 'max'],
    [
      ['POST /api/voice-assistant-free → JSON answer', ms(percentile(t, 50)), ms(t[t.length - 1] ?? NaN)],
      ['the same, a question naming a truck ("what does masala wheels sell")', ms(percentile(named, 50)), ms(named[named.length - 1] ?? NaN)],
      ['GET audioUrl (spoken answer, WAV)', ms(percentile(a, 50)), ms(a[a.length - 1] ?? NaN)],
      ['speech processes, resident', `${engineMb?.toFixed(0) ?? '?'} MB recogniser`, `${decoderMb?.toFixed(0) ?? '?'} MB decoder`],
    ],
  );

  // --- 2. the held-out part of the spoken evaluation set ---
  const voices = await voicesFor('held-out');
  const set = await speakSet(speech, heldOut);
  const talk = await babbleTalk(speech);
  let typedAnswers = 0;
  let typedRightTruck = 0;
  let withTruck = 0;
  for (const question of set) {
    const answer = await askFree({ text: question.text, userLocation: HERE });
    if (!REASK.test(answer.text)) typedAnswers++;
    if (question.truck) {
      withTruck++;
      if (answer.recommendedTrucks[0]?.name === question.truck) typedRightTruck++;
    }
  }
  const rows: (string | number)[][] = [];
  const byVoice = new Map<string, { right: number; asked: number }>();
  const failures: string[] = [];
  for (const condition of CONDITIONS) {
    let right = 0;
    let agree = 0;
    let invented = 0;
    let errors = 0;
    let words = 0;
    const byNoise = new Map<string, { right: number; asked: number }>();
    for (const [i, question] of set.entries()) {
      const audioData = (await encodeWebmOpus(inCondition(question, i, condition, talk))).toString('base64');
      const { answer, same, right: ok, invented: made } = await judgeSpoken(
        () => askFree({ text: question.text, userLocation: HERE }),
        () => askFree({ audioData, userLocation: HERE }),
      );
      if (same) agree++;
      if (ok) right++;
      else failures.push(`${condition.name} / ${question.voice}${condition.snrDb === undefined ? '' : ` / ${noiseKindOf(i)}`}: "${question.text}" → "${answer.transcript}"`);
      if (made) invented++;
      const e = wordErrors(question.text, answer.transcript);
      errors += e.errors;
      words += e.words;
      if (condition.name === 'clean') {
        const v = byVoice.get(question.voice) ?? { right: 0, asked: 0 };
        v.asked++;
        if (ok) v.right++;
        byVoice.set(question.voice, v);
      } else {
        const kind = noiseKindOf(i);
        const n = byNoise.get(kind) ?? { right: 0, asked: 0 };
        n.asked++;
        if (ok) n.right++;
        byNoise.set(kind, n);
      }
    }
    const budget = condition.name === 'clean' ? 95 : condition.name === '10 dB' ? 85 : undefined;
    figures.push({
      figure: `voice: held-out spoken questions (${set.length} in ${voices.length} voices), ${condition.name}: right answer / WER / invented trucks`,
      ours: `${pct(right, set.length)} / ${pct(errors, words)} / ${invented}`,
      baseline: `typed: ${pct(typedAnswers, set.length)} answered`,
      ...(budget === undefined ? {} : { budget: `≥ ${budget} %, 0 invented`, met: (100 * right) / set.length >= budget && invented === 0 }),
    });
    rows.push([
      condition.name,
      pct(right, set.length),
      pct(agree, set.length),
      pct(errors, words),
      invented,
      [...byNoise].map(([k, v]) => `${k} ${pct(v.right, v.asked)}`).join(', ') || '—',
    ]);
  }
  table(
    `Held-out spoken questions: ${set.length} (of ${allQuestions.length}; the rest tune) in ${voices.length} voices (${voices.join(', ')}), load average ${loadavg()[0]?.toFixed(1)}`,
    ['condition', 'right answer', 'same as typed', 'WER', 'invented trucks', 'right by noise'],
    rows,
  );
  table(
    'Clean, by voice',
    ['voice', 'right answer'],
    [...byVoice].map(([voice, v]) => [voice, `${pct(v.right, v.asked)} of ${v.asked}`]),
  );
  console.log(
    `\nTyped (the understanding layer's ceiling): ${pct(typedAnswers, set.length)} answered, ${pct(typedRightTruck, withTruck)} of the ${withTruck} questions about a truck recommend it first.`,
  );
  if (failures.length && process.env.BENCH_VOICE_SHOW_MISSES === '1')
    console.log(`\nNot right (${failures.length}):\n${failures.map((f) => `- ${f}`).join('\n')}`);
  else if (failures.length)
    console.log(`\nNot right: ${failures.length}, held out (BENCH_VOICE_SHOW_MISSES=1 lists them; tune on tune.ts's part).`);
  const minutes = (performance.now() - benchStart) / 60_000;
  console.log(`\nvoice bench: ${minutes.toFixed(1)} min`);
  figures.push({ figure: 'voice: bench run time', ours: `${minutes.toFixed(1)} min`, baseline: '—' });
  saveFigures('voice', figures);
} finally {
  await server.close();
}
