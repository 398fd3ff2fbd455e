const keep = setInterval(() => {}, 1000);
import { OfflineSpeech } from '../../server/src/integrations/speech/offline-speech';
import { speak, padded } from '../../server/src/test/speech-audio';
import { makeNoise, mix } from '../../server/src/test/outdoor-noise';
const vocabulary = { version: 'v1', slots: { truck: ['smokestack barbecue', 'taco libre', 'rolling roast coffee', 'green machine'], cuisine: ['coffee', 'barbecue', 'mexican', 'taco', 'vegan'], item: ['brisket', 'latte'] }, templates: ['is <truck> open', 'where is the nearest <cuisine> truck'] };
const raw = new OfflineSpeech({ denoise: false });
const clean = new OfflineSpeech({});
await raw.useVocabulary(vocabulary); await clean.useVocabulary(vocabulary);
for (const text of ['is taco libre open', 'where is the nearest barbecue truck', 'find me some coffee']) {
  const pcm = padded(await speak(raw, text, 'slt'), 0.4);
  for (const kind of ['traffic', 'wind', 'babble'] as const) {
    if (kind === 'babble') continue;
    for (const snr of [10, 5, 0]) {
      const noisy = mix(pcm, makeNoise(kind, pcm.samples.length, 16000, 7), snr);
      const a = await raw.transcribe({ pcm: noisy }, vocabulary);
      const b = await clean.transcribe({ pcm: noisy }, vocabulary);
      console.log(`${text} | ${kind} ${snr} dB | raw "${a.text}" | denoised "${b.text}"`);
    }
  }
}
await raw.close(); await clean.close(); clearInterval(keep);
