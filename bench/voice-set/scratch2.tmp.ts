const keep = setInterval(() => {}, 1000);
import { OfflineSpeech } from '../../server/src/integrations/speech/offline-speech';
import { suppressNoise } from '../../server/src/integrations/speech/noise-suppression';
import { speak, padded } from '../../server/src/test/speech-audio';
const vocabulary = { version: 'v1', slots: { truck: ['smokestack barbecue', 'taco libre'], cuisine: ['coffee', 'barbecue'], item: ['brisket'] }, templates: ['is <truck> open', 'where is the nearest <cuisine> truck'] };
const s = new OfflineSpeech({ denoise: false, recognitionBudgetMs: 60000 });
await s.useVocabulary(vocabulary);
for (const text of ['where is the nearest barbecue truck', 'is taco libre open']) {
  const pcm = padded(await speak(s, text, 'slt'), 0.4);
  const c = await suppressNoise(pcm);
  const peak = (a: Float32Array) => a.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  console.log(text, pcm.samples.length, c.pcm.samples.length, c.voicedShare.toFixed(2), 'peak', peak(pcm.samples).toFixed(3), peak(c.pcm.samples).toFixed(3));
  console.log('  raw:', (await s.transcribe({ pcm }, vocabulary)).text, '| cleaned:', (await s.transcribe({ pcm: c.pcm }, vocabulary)).text);
}
await s.close(); clearInterval(keep);
