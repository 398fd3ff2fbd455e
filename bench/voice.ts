/**
 * `npm run bench` (voice part): the voice assistant with the offline engines on the demo data.
 *   1. End to end: a 5-second recorded question (WebM/Opus as Chrome sends it) posted to
 *      /api/voice-assistant-free, until the JSON answer arrives (decode, resample, recognise,
 *      understand, answer); and the spoken answer's first fetch (Flite).
 *   2. Recognition accuracy on questions made from the demo trucks, menus and cuisines, said by
 *      Flite's four voices, clean and with white noise at 20 dB SNR (BENCH_VOICE_SNR_DB): the share of questions whose
 *      transcript is exactly right, and the share whose answer recommends the right truck.
 * In-process server on a fresh in-memory PGlite (server/src/test/harness.ts).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { VoiceAnswer } from '@shared/contracts';
import { seedDemoData } from '../server/src/db/seed';
import type { Pcm } from '../server/src/integrations/speech';
import { FLITE_VOICES } from '../server/src/integrations/speech';
import { spoken } from '../server/src/modules/voice/voice-language';
import { startTestServer } from '../server/src/test/harness';
import { encodeWebmOpus, padded, speak, withNoise } from '../server/src/test/speech-audio';
import { ms, percentile, sorted, table } from './harness';
import { saveFigures, type Figure } from './results';

const figures: Figure[] = [];

const QUESTION_COUNT = Number(process.env.BENCH_VOICE_QUESTIONS ?? 46);
const E2E_ROUNDS = Number(process.env.BENCH_VOICE_ROUNDS ?? 5);
const NOISE_SNR_DB = Number(process.env.BENCH_VOICE_SNR_DB ?? 20);
const HERE = { latitude: 30.25, longitude: -97.75 };

const server = await startTestServer({ trustProxy: true, voice: { ratePerMinute: 100_000, freeUsesPerAddress: 100_000 } });
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

try {
  console.log(`\nVoice assistant (offline engines), ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(1)}`);

  // --- 1. end to end ---
  const said = await speak(speech, 'where is the nearest barbecue truck');
  const pad = (5 * said.sampleRate - said.samples.length) / 2 / said.sampleRate;
  const fiveSeconds = padded(said, pad);
  const webm = (await encodeWebmOpus(fiveSeconds)).toString('base64');
  await askFree({ text: 'warm up' });
  await askFree({ audioData: webm, userLocation: HERE });
  const total: number[] = [];
  const audio: number[] = [];
  for (let round = 0; round < E2E_ROUNDS; round++) {
    const start = performance.now();
    const answer = await askFree({ audioData: webm, userLocation: HERE });
    total.push(performance.now() - start);
    if (answer.recommendedTrucks[0]?.name !== 'Smokestack BBQ') throw new Error(`wrong answer: ${answer.text}`);
    const audioStart = performance.now();
    const res = await fetch(server.url + answer.audioUrl);
    await res.arrayBuffer();
    audio.push(performance.now() - audioStart);
  }
  // The baseline: decoding alone (WebM/Opus → 16 kHz PCM, in the decoder process).
  const webmBytes = Buffer.from(webm, 'base64');
  const decoding: number[] = [];
  for (let round = 0; round < E2E_ROUNDS; round++) {
    const start = performance.now();
    await speech.decode(webmBytes, 30);
    decoding.push(performance.now() - start);
  }
  const t = sorted(total);
  const a = sorted(audio);
  const dec = sorted(decoding);
  figures.push({
    figure: `voice: ${(fiveSeconds.samples.length / fiveSeconds.sampleRate).toFixed(0)} s question end to end (offline), p50 / max`,
    ours: `${ms(percentile(t, 50))} / ${ms(t.at(-1) ?? NaN)}`,
    baseline: `${ms(percentile(dec, 50))} / ${ms(dec.at(-1) ?? NaN)} decoding alone`,
    budget: '< 1 s',
    met: percentile(t, 50) < 1000,
  });
  table(
    `End to end, ${(fiveSeconds.samples.length / fiveSeconds.sampleRate).toFixed(1)} s question (${Math.round((webm.length * 3) / 4 / 1024)} KB WebM/Opus), ${E2E_ROUNDS} rounds`,
    ['step', 'p50', 'max'],
    [
      ['POST /api/voice-assistant-free → JSON answer', ms(percentile(t, 50)), ms(t[t.length - 1] ?? NaN)],
      ['GET audioUrl (spoken answer, WAV)', ms(percentile(a, 50)), ms(a[a.length - 1] ?? NaN)],
    ],
  );

  // --- 2. accuracy ---
  const trucks = await (await fetch(`${server.url}/api/food-trucks/active`)).json() as Array<{ id: number; name: string; cuisine: string; isOpen: boolean }>;
  const questions: Array<{ text: string; truck?: string }> = [];
  for (const truck of trucks) {
    questions.push({ text: `is ${truck.name} open`, truck: truck.name });
    questions.push({ text: `what is on the menu at ${truck.name}`, truck: truck.name });
  }
  for (const [cuisine, truck] of [['barbecue', 'Smokestack BBQ'], ['mexican', 'Taco Libre'], ['asian', 'Seoul Food Wagon'], ['vegetarian', 'Green Machine'], ['dessert', 'Sweet Spot Desserts'], ['mediterranean', 'Mezze on Main'], ['southern', 'Southern Comfort Kitchen']] as const) {
    questions.push({ text: `where is the nearest ${cuisine} truck`, truck });
  }
  questions.push({ text: 'what is open now' }, { text: 'which trucks are open right now' }, { text: 'and the next one' });
  // Prices: the first item of each truck that has a menu.
  for (const truck of trucks) {
    const menu = (await (await fetch(`${server.url}/api/food-trucks/${truck.id}/menu`)).json()) as Array<{ name: string }>;
    if (menu[0]) questions.push({ text: `how much is the ${menu[0].name} at ${truck.name}`, truck: truck.name });
  }
  const picked = questions.slice(0, QUESTION_COUNT);
  const rows: (string | number)[][] = [];
  const failures: string[] = [];
  for (const condition of ['clean', `noise ${NOISE_SNR_DB} dB SNR`] as const) {
    let exact = 0;
    let rightTruck = 0;
    let withTruck = 0;
    for (const [i, question] of picked.entries()) {
      const voice = FLITE_VOICES[i % FLITE_VOICES.length]!;
      let pcm: Pcm = padded(await speak(speech, question.text, voice), 0.4);
      if (condition !== 'clean') pcm = withNoise(pcm, NOISE_SNR_DB, i + 1);
      const answer = await askFree({ audioData: (await encodeWebmOpus(pcm)).toString('base64'), userLocation: HERE });
      if (answer.transcript === spoken(question.text)) exact++;
      else failures.push(`${condition} / ${voice}: "${question.text}" → "${answer.transcript}"`);
      if (question.truck) {
        withTruck++;
        if (answer.recommendedTrucks[0]?.name === question.truck) rightTruck++;
      }
    }
    figures.push({
      figure: `voice: recognition, ${picked.length} questions in ${FLITE_VOICES.length} voices, ${condition}`,
      ours: `${((100 * exact) / picked.length).toFixed(1)} % exact, ${((100 * rightTruck) / Math.max(1, withTruck)).toFixed(1)} % right truck`,
      baseline: '—',
    });
    rows.push([
      condition,
      picked.length,
      `${((100 * exact) / picked.length).toFixed(1)} %`,
      `${((100 * rightTruck) / Math.max(1, withTruck)).toFixed(1)} % of ${withTruck}`,
    ]);
  }
  table(
    `Recognition accuracy, ${picked.length} questions in ${FLITE_VOICES.length} voices (${FLITE_VOICES.join(', ')})`,
    ['condition', 'questions', 'exact transcript', 'right truck recommended'],
    rows,
  );
  if (failures.length) console.log(`\nMisrecognised:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  saveFigures('voice', figures);
} finally {
  await server.close();
}
