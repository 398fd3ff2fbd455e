/** The demo data's vocabulary and dishes, read over the API of a seeded test server. */
import type { SpeechVocabulary } from '../../server/src/integrations/speech';
import { buildLexicon, vocabularyOf } from '../../server/src/modules/voice/voice-language';
import type { DemoDish } from './questions';

export interface DemoTruckRow {
  id: number;
  name: string;
  cuisine: string;
}

export async function demoVocabulary(url: string): Promise<{ vocabulary: SpeechVocabulary; dishes: DemoDish[]; trucks: DemoTruckRow[] }> {
  const trucks = (await (await fetch(`${url}/api/food-trucks/active`)).json()) as DemoTruckRow[];
  const items: Array<{ id: number; truckId: number; name: string }> = [];
  const dishes: DemoDish[] = [];
  for (const truck of trucks) {
    const menu = (await (await fetch(`${url}/api/food-trucks/${truck.id}/menu`)).json()) as Array<{ id: number; name: string }>;
    for (const item of menu) items.push({ id: item.id, truckId: truck.id, name: item.name });
    // Two dishes a truck for the price questions.
    for (const item of menu.slice(0, 2)) dishes.push({ name: item.name, truck: truck.name });
  }
  return { vocabulary: vocabularyOf(buildLexicon(trucks, items), 'voice-set'), dishes, trucks };
}
