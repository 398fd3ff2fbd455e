import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceAnswer } from '@shared/contracts';
import { menuItems } from '../../db/schema';
import { OfflineSpeech, type Pcm, type SpeechProvider, type SpeechVocabulary, type Transcript } from '../../integrations/speech';
import { startTestServer, type TestServer } from '../../test/harness';
import { askFreeByVoice, encodeWebmOpus, padded, speak } from '../../test/speech-audio';
import { insertTruck } from '../../test/trucks';

/**
 * ADR 0169 over real HTTP: when the language model's transcript of a recording would be asked
 * again, the recogniser's other reading (Moonshine's) is answered instead. The recogniser here
 * returns scripted readings (what PocketSphinx and Moonshine gave for this question in the
 * evaluation set), so the test does not depend on either model's mistakes; decoding the
 * recording and speaking the answer are the offline engines'.
 */
class ScriptedReadings implements SpeechProvider {
  /** The first reading, and the other readings. */
  heard: { text: string; others: string[]; doubt?: [string, string] } = { text: '', others: [] };
  /** How many times the other readings were asked for. */
  othersRead = 0;
  constructor(private readonly offline: OfflineSpeech) {}
  decode(audio: Uint8Array, maxSeconds: number) {
    return this.offline.decode(audio, maxSeconds);
  }
  async transcribe(_input: { audio: Uint8Array; pcm: Pcm }, _vocabulary: SpeechVocabulary): Promise<Transcript> {
    const { text, others, doubt } = this.heard;
    return {
      text,
      confidence: text ? 0.6 : 0,
      provider: 'offline',
      doubt,
      otherReadings: async () => {
        this.othersRead++;
        return others;
      },
    };
  }
  synthesize(text: string) {
    return this.offline.synthesize(text);
  }
  close() {
    return this.offline.close();
  }
}

let server: TestServer;
let speech: ScriptedReadings;
let recording: string;
let mezze: number;
const unique = `${Date.now() % 100_000}`;

async function ask(): Promise<VoiceAnswer> {
  const { status, answer } = await askFreeByVoice(server.url, recording, { latitude: 30.265, longitude: -97.745 });
  expect(status).toBe(200);
  return answer;
}

beforeAll(async () => {
  speech = new ScriptedReadings(new OfflineSpeech());
  server = await startTestServer({ voice: { ratePerMinute: 1000, freeUsesPerAddress: 1000 } }, { integrations: { speech } });
  const operator = await server.signUpSubscribedOperator();
  const truck = await insertTruck(server.db, operator.user.id, {
    name: 'Mezze on Main',
    cuisine: 'Mediterranean',
    isOpen: true,
    latitude: 30.266,
    longitude: -97.744,
    description: `Falafel and mezze ${unique}`,
  });
  mezze = truck.id;
  await server.db.insert(menuItems).values({ foodTruckId: mezze, name: 'Falafel Plate', priceCents: 1150 });
  recording = (await encodeWebmOpus(padded(await speak(speech, 'what is on the menu at mezze on main', 'slt'), 0.4))).toString('base64');
}, 120_000);
afterAll(() => server?.close());

describe('the recogniser’s other reading (ADR 0169)', () => {
  it('answers the other reading when the first would be asked again, and shows what it answered', async () => {
    speech.heard = { text: 'when is on their menu at some a m', others: ["What is on the menu at Met's on Main?"] };
    const answer = await ask();
    expect(answer.text).toBe('Mezze on Main has Falafel Plate $11.50.');
    expect(answer.recommendedTruckIds).toEqual([mezze]);
    expect(answer.transcript).toBe("What is on the menu at Met's on Main?");
  });

  it('keeps the first reading when it can be answered', async () => {
    speech.heard = { text: 'is mezze on main open', others: ['Is Met’s on Main going to open?'] };
    const before = speech.othersRead;
    const answer = await ask();
    // Nor is the other reading made: most questions do not wait for it.
    expect(speech.othersRead).toBe(before);
    expect(answer.transcript).toBe('is mezze on main open');
    expect(answer.text).toMatch(/^Yes, Mezze on Main is open now/);
  });

  it('asks again when no reading can be answered, showing the first', async () => {
    speech.heard = { text: 'when is on their menu at some a m', others: ['Wind is on the moon at sunrise.'] };
    const answer = await ask();
    expect(answer.transcript).toBe('when is on their menu at some a m');
    expect(answer.recommendedTruckIds).toEqual([]);
    expect(answer.text).toMatch(/^Sorry, I didn't catch that/);
  });

  it('a first reading that names nothing gives way to another that names a food', async () => {
    // The tune part's 10 dB "i am looking for ice cream": PocketSphinx named nothing, Moonshine the dish.
    speech.heard = { text: "i'm looking for i find", others: ['I am looking for falafel.'] };
    const answer = await ask();
    expect(answer.transcript).toBe('I am looking for falafel.');
    expect(answer.recommendedTruckIds).toEqual([mezze]);
  });

  it('"the best truck" that names nothing gives way to another reading that names a food', async () => {
    speech.heard = { text: "what's the best is there a good", others: ['Where is the best falafel?'] };
    const answer = await ask();
    expect(answer.transcript).toBe('Where is the best falafel?');
    expect(answer.recommendedTruckIds).toEqual([mezze]);
  });

  it('a question that names nothing keeps its first reading when the other names nothing either', async () => {
    speech.heard = { text: "what's open right now", others: ['What is open right now?'] };
    const before = speech.othersRead;
    const answer = await ask();
    expect(speech.othersRead).toBe(before + 1);
    expect(answer.transcript).toBe("what's open right now");
    expect(answer.recommendedTruckIds).toEqual([mezze]);
  });

  it('a food the recogniser doubts is not answered on a guess: the other reading is (ADR 0171)', async () => {
    // Heard as falafel, which Mezze on Main has; Moonshine found "b b q" likelier there.
    speech.heard = { text: 'is there any falafel near me', doubt: ['falafel', 'b b q'], others: ['What is on the menu at Mezze on Main?'] };
    const before = speech.othersRead;
    const answer = await ask();
    expect(speech.othersRead).toBe(before + 1);
    expect(answer.transcript).toBe('What is on the menu at Mezze on Main?');
    expect(answer.text).toBe('Mezze on Main has Falafel Plate $11.50.');
  });

  it('a doubted food with no other reading to answer is asked again, naming both foods, and recommends no truck', async () => {
    speech.heard = { text: 'is there any falafel near me', doubt: ['falafel', 'b b q'], others: ['Wind is on the moon at sunrise.'] };
    const answer = await ask();
    expect(answer.transcript).toBe('is there any falafel near me');
    expect(answer.recommendedTruckIds).toEqual([]);
    expect(answer.text).toBe(
      "Sorry, I'm not sure I heard that right: did you mean BBQ or falafel? Please ask again, for example: find me some BBQ?",
    );
    // Without the doubt the same words are answered: falafel at Mezze on Main.
    speech.heard = { text: 'is there any falafel near me', others: [] };
    expect((await ask()).recommendedTruckIds).toEqual([mezze]);
  });

  it('the language model rejected the recording (no first reading): the other reading is answered', async () => {
    speech.heard = { text: '', others: ['What is on the menu at Mezze on Main?'] };
    const answer = await ask();
    expect(answer.text).toBe('Mezze on Main has Falafel Plate $11.50.');
  });
});

describe('Moonshine’s reading from the offline recogniser', () => {
  const offline = new OfflineSpeech();
  afterAll(() => offline.close());

  it('comes beside the language model’s, in Moonshine’s own writing', async () => {
    const vocabulary = { version: 'second-reading', slots: { cuisine: ['coffee', 'tacos'] }, templates: ['find me some <cuisine>'] };
    const pcm = padded(await speak(offline, 'find me some coffee', 'slt'), 0.4);
    const heard = await offline.transcribe({ pcm }, vocabulary);
    expect(heard.text).toBe('find me some coffee');
    expect(await heard.otherReadings?.()).toEqual(['Find me some coffee.']);
  }, 120_000);
});
