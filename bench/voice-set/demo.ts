/** The demo data's vocabulary and dishes, read over the API of a seeded test server. */
import type { SpeechVocabulary } from '../../server/src/integrations/speech';
import { buildLexicon, vocabularyOf } from '../../server/src/modules/voice/voice-language';
import { DEMO_LANDMARKS } from '../../server/src/db/seed';
import type { DemoDish } from './questions';

export interface DemoTruckRow {
  id: number;
  name: string;
  cuisine: string;
  address?: string | null;
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
  // The places the server's own vocabulary has: the landmarks and the trucks' addresses.
  const places = [...DEMO_LANDMARKS.flatMap((l) => [l.name, ...l.aliases]), ...trucks.flatMap((t) => (t.address ? [t.address] : []))];
  return { vocabulary: vocabularyOf(buildLexicon(trucks, items, places), 'voice-set'), dishes, trucks };
}
