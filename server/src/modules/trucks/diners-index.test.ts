import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { nearby, roundMiles } from '@shared/utils/geo';
import { NEARBY_CASES } from '@shared/utils/nearby.cases';
import type { ItemLabels } from '@shared/utils/attributes';
import { DinersIndex, type DinersIndexSource, type IndexAnswer, type IndexedTruck } from './diners-index';

/** A database stand-in: the trucks diners may see, and which truck each event is about. */
class FakeSource implements DinersIndexSource {
  trucks = new Map<number, IndexedTruck>();
  eventTrucks = new Map<number, number>();
  fullLoads = 0;
  failing = false;
  private nextEvent = 1;

  /** While set, a full load reads its rows at once but answers only when the gate opens (a slow load). */
  gate: Promise<void> | undefined;

  async summaries(ids?: number[]): Promise<IndexedTruck[]> {
    if (this.failing) throw new Error('database unavailable');
    const rows = [...this.trucks.values()].filter((t) => !ids || ids.includes(t.id));
    if (!ids) {
      this.fullLoads += 1;
      await this.gate;
    }
    return rows;
  }

  async trucksOfEvents(eventIds: number[]): Promise<number[]> {
    if (this.failing) throw new Error('database unavailable');
    return eventIds.flatMap((id) => this.eventTrucks.get(id) ?? []);
  }

  async lastEventId(): Promise<number> {
    if (this.failing) throw new Error('database unavailable');
    return this.nextEvent - 1;
  }

  set(id: number, lat: number | null, lng: number | null, name = `Truck ${id}`): IndexedTruck {
    const truck = { id, lat, lng, json: JSON.stringify({ id, name }), searchText: name.toLowerCase(), facts: {} };
    this.trucks.set(id, truck);
    return truck;
  }

  /** Records an event about `truckId` (committed), returning the NOTIFY payload. */
  event(truckId: number): string {
    const id = this.nextEvent++;
    this.eventTrucks.set(id, truckId);
    return String(id);
  }
}

type Answer = { id: number; name: string; distanceMiles: number }[];
const parse = (answer: IndexAnswer) => JSON.parse(answer.json) as Answer;

/** The rule the database applies (shared/utils/geo.ts): within the radius on the sphere, nearest first, then by id. */
function bruteForce(trucks: IndexedTruck[], q: { lat: number; lng: number; radiusMiles: number }) {
  return nearby(trucks, q, (t) => t).map(({ item, miles }) => ({ id: item.id, distanceMiles: roundMiles(miles) }));
}

const AUSTIN = { lat: 30.2747, lng: -97.7404 };

describe('DinersIndex: the nearby rule (one table: shared/utils/nearby.cases.ts)', () => {
  it.each(NEARBY_CASES)('$name', async ({ area, trucks, expected }) => {
    const source = new FakeSource();
    for (const { id, lat, lng } of trucks) source.set(id, lat, lng);
    // Far from every case's area (the table's areas are small), so the index answers from its grid cells.
    for (let i = 0; i < 2000; i++) source.set(10_000 + i, -60 + (i % 40) / 10, -170 + Math.floor(i / 40) * 6);
    const answer = parse(await new DinersIndex(source).nearby(area));
    expect(answer.map((t) => t.id)).toEqual(expected);
  });
});

describe('DinersIndex', () => {
  it('answers a radius query exactly as a scan of every truck would, anywhere on the globe', async () => {
    const point = fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 179.999, noNaN: true }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(point, { freq: 8 }), { maxLength: 60 }),
        // Clusters near the query too, so most answers are not empty.
        fc.array(fc.record({ dLat: fc.double({ min: -0.5, max: 0.5, noNaN: true }), dLng: fc.double({ min: -0.5, max: 0.5, noNaN: true }) }), { maxLength: 30 }),
        point,
        fc.double({ min: 0.1, max: 12_500, noNaN: true }),
        async (spread, near, centre, radiusMiles) => {
          const source = new FakeSource();
          spread.forEach((p, i) => source.set(i + 1, p?.lat ?? null, p?.lng ?? null));
          near.forEach(({ dLat, dLng }, i) => {
            const lat = Math.max(-90, Math.min(90, centre.lat + dLat));
            const lng = Math.max(-180, Math.min(179.999, centre.lng + dLng));
            source.set(1000 + i, lat, lng);
          });
          const index = new DinersIndex(source);
          const query = { ...centre, radiusMiles };
          const answer = parse(await index.nearby(query)).map(({ id, distanceMiles }) => ({ id, distanceMiles }));
          expect(answer).toEqual(bruteForce([...source.trucks.values()], query));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the summary fields and adds distanceMiles; lists everything by id', async () => {
    const source = new FakeSource();
    source.set(3, AUSTIN.lat + 0.01, AUSTIN.lng);
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'Capitol Tacos');
    source.set(2, null, null, 'Nowhere');
    const index = new DinersIndex(source);
    const near = parse(await index.nearby({ ...AUSTIN, radiusMiles: 5 }));
    expect(near.map((t) => t.name)).toEqual(['Capitol Tacos', 'Truck 3']);
    expect(near[0]).toEqual({ id: 1, name: 'Capitol Tacos', distanceMiles: 0 });
    expect(near[1]?.distanceMiles).toBeCloseTo(0.691, 2);
    expect(parse(await index.all()).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(source.fullLoads).toBe(1);
  });

  it('answers with every change notified before the request: moves, hides and deletions', async () => {
    const source = new FakeSource();
    source.set(1, AUSTIN.lat, AUSTIN.lng);
    source.set(2, AUSTIN.lat, AUSTIN.lng + 0.01);
    const index = new DinersIndex(source);
    expect(parse(await index.nearby({ ...AUSTIN, radiusMiles: 1 })).map((t) => t.id)).toEqual([1, 2]);

    // Truck 1 drives 70 miles away; truck 2 is hidden (its operator's subscription paused); a new truck arrives.
    source.set(1, AUSTIN.lat + 1, AUSTIN.lng);
    index.eventNotified(source.event(1));
    source.trucks.delete(2);
    index.eventNotified(source.event(2));
    source.set(7, AUSTIN.lat, AUSTIN.lng - 0.001, 'Newcomer');
    index.eventNotified(source.event(7));
    const near = parse(await index.nearby({ ...AUSTIN, radiusMiles: 1 }));
    expect(near.map((t) => t.name)).toEqual(['Newcomer']);
    expect(parse(await index.all()).map((t) => t.id)).toEqual([1, 7]);
    expect(source.fullLoads).toBe(1);
  });

  it('a search no truck holds whole lists the trucks holding the most of its words, counting only words that tell trucks apart', async () => {
    const source = new FakeSource();
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'Seoul Wagon, korean bowls, Austin');
    source.set(2, AUSTIN.lat, AUSTIN.lng, 'Smokestack BBQ, brisket, Austin');
    source.set(3, AUSTIN.lat, AUSTIN.lng, 'Taco Cart, Austin');
    source.set(4, AUSTIN.lat, AUSTIN.lng, 'Noodle Bar, Austin');
    const index = new DinersIndex(source);
    const search = (q: string) => index.search(q);
    expect(await search('korean bbq')).toMatchObject({ ids: [1, 2], partial: true });
    expect(await search('korean bbq brisket')).toMatchObject({ ids: [2], partial: true });
    // Whole matches are not partial.
    expect(await search('bbq brisket')).toMatchObject({ ids: [2], partial: false });
    // "austin" is in every address: it tells no truck apart, so "pizza austin" lists nothing.
    expect(await search('pizza austin')).toMatchObject({ ids: [], partial: false });
    // Short words and words no truck holds count for nothing ("no" is in "noodle").
    expect(await search('no such')).toMatchObject({ ids: [], partial: false });
  });

  it("names the dishes on sale the search found on each truck's menu, by the same tests, at most three", async () => {
    const source = new FakeSource();
    const dish = (name: string, description = '', diets: ItemLabels['diets'] = {}) => ({ name, text: `${name} ${description}`.toLowerCase(), labels: { diets, allergens: {} } });
    const tacos = source.set(1, AUSTIN.lat, AUSTIN.lng, 'Taco Libre al pastor taco barbacoa taco horchata cinnamon rice milk');
    tacos.dishes = [dish('Al Pastor Taco'), dish('Barbacoa Taco'), dish('Horchata', 'cinnamon rice milk', { vegan: true })];
    tacos.facts = { menuLabels: tacos.dishes.map((d) => d.labels) };
    const bbq = source.set(2, AUSTIN.lat, AUSTIN.lng, 'Smokestack BBQ brisket sweet tea');
    bbq.dishes = [dish('Brisket'), dish('Sweet Tea', '', { vegan: true })];
    bbq.facts = { menuLabels: bbq.dishes.map((d) => d.labels) };
    const index = new DinersIndex(source);
    expect(await index.search('horchata')).toEqual({ ids: [1], partial: false, dishes: { '1': ['Horchata'] } });
    // A diet: the dishes labelled so.
    expect((await index.search('vegan')).dishes).toEqual({ '1': ['Horchata'], '2': ['Sweet Tea'] });
    // Words found apart: each dish that holds one of them.
    expect((await index.search('cinnamon tacos')).dishes).toEqual({ '1': ['Al Pastor Taco', 'Barbacoa Taco', 'Horchata'] });
    // Found by its name, nothing on its menu: no dishes.
    expect((await index.search('smokestack')).dishes).toEqual({});
  });

  it('a search given the last committed event holds it before its notification arrives (PostgreSQL read-your-writes)', async () => {
    const source = new FakeSource();
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'Corner Cart');
    const index = new DinersIndex(source);
    expect((await index.search('elote')).ids).toEqual([]);

    // The operator adds an item; the write committed, its NOTIFY is still on the way.
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'Corner Cart elote cup');
    const late = source.event(1);
    expect((await index.search('elote')).ids).toEqual([]);
    expect((await index.search('elote', await source.lastEventId())).ids).toEqual([1]);
    // The notification arriving afterwards changes nothing, and reads no more than the one truck.
    index.eventNotified(late);
    expect((await index.search('elote')).ids).toEqual([1]);
    expect(source.fullLoads).toBe(1);
  });

  it('a search far behind the last committed event reads everything again rather than every event', async () => {
    const source = new FakeSource();
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'Corner Cart');
    const index = new DinersIndex(source);
    await index.search('cart');
    for (let i = 0; i < 1500; i++) source.event(1);
    source.set(2, AUSTIN.lat, AUSTIN.lng, 'Elote Stand');
    source.event(2);
    const trucksOfEvents = vi.spyOn(source, 'trucksOfEvents');
    expect((await index.search('elote', await source.lastEventId())).ids).toEqual([2]);
    expect(trucksOfEvents).not.toHaveBeenCalled();
    expect(source.fullLoads).toBe(2);
  });

  it('reloads everything in the background after a visibility change or a gap in notifications', async () => {
    const source = new FakeSource();
    source.set(1, AUSTIN.lat, AUSTIN.lng);
    const index = new DinersIndex(source);
    await index.all();
    // Written without an event (as the benchmark's seeding does).
    source.set(2, AUSTIN.lat, AUSTIN.lng);
    expect(parse(await index.all()).map((t) => t.id)).toEqual([1]);
    let open: () => void = () => {};
    source.gate = new Promise((resolve) => (open = resolve));
    index.everythingChanged();
    // Answers do not wait for the reload: they come from the grid in hand meanwhile.
    expect(parse(await index.all()).map((t) => t.id)).toEqual([1]);
    open();
    await vi.waitFor(async () => expect(parse(await index.all()).map((t) => t.id)).toEqual([1, 2]));
    expect(source.fullLoads).toBe(2);
  });

  it('loses no change made while a reload runs: the reload’s older rows do not overwrite it', async () => {
    const source = new FakeSource();
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'Before');
    const index = new DinersIndex(source);
    await index.all();
    let open: () => void = () => {};
    source.gate = new Promise((resolve) => (open = resolve));
    index.everythingChanged(); // the reload reads 'Before' now and answers later
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'After');
    index.eventNotified(source.event(1));
    expect(parse(await index.all())[0]?.name).toBe('After');
    open();
    await vi.waitFor(() => expect(source.fullLoads).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(parse(await index.all())[0]?.name).toBe('After');
  });

  it('fails a request while the database is away, keeps the change, and applies it once it is back', async () => {
    const source = new FakeSource();
    source.set(1, AUSTIN.lat, AUSTIN.lng);
    const index = new DinersIndex(source);
    await index.all();
    source.failing = true;
    source.set(1, AUSTIN.lat, AUSTIN.lng, 'Renamed');
    index.eventNotified(source.event(1));
    await expect(index.all()).rejects.toThrow('database unavailable');
    source.failing = false;
    expect(parse(await index.all())[0]?.name).toBe('Renamed');
  });

  it('before its first use keeps no events: the first load reads everything', async () => {
    const source = new FakeSource();
    const index = new DinersIndex(source);
    for (let i = 1; i <= 5; i++) index.eventNotified(source.event(source.set(i, AUSTIN.lat, AUSTIN.lng).id));
    index.eventNotified('not-an-id');
    expect(parse(await index.all()).map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(source.fullLoads).toBe(1);
    expect(index.size).toBe(5);
  });

  describe('the id of the last truck event an answer includes (Truck-Event-Id, ADR 0139)', () => {
    it('is the last event committed before the load read, then the last event applied', async () => {
      const source = new FakeSource();
      source.set(1, AUSTIN.lat, AUSTIN.lng);
      source.event(1);
      source.event(1);
      const index = new DinersIndex(source);
      expect((await index.all()).eventId).toBe(2);
      source.set(1, AUSTIN.lat, AUSTIN.lng, 'Moved');
      index.eventNotified(source.event(1));
      const answer = await index.all();
      expect(parse(answer)[0]?.name).toBe('Moved');
      expect(answer.eventId).toBe(3);
      expect((await index.nearby({ ...AUSTIN, radiusMiles: 1 })).eventId).toBe(3);
    });

    it('is 0 before any event', async () => {
      const source = new FakeSource();
      source.set(1, AUSTIN.lat, AUSTIN.lng);
      expect((await new DinersIndex(source).all()).eventId).toBe(0);
    });

    it('after a gap in notifications, stays where it was until a full load has read everything again', async () => {
      const source = new FakeSource();
      source.set(1, AUSTIN.lat, AUSTIN.lng);
      const index = new DinersIndex(source);
      await index.all();
      // Event 1 (truck 2 arrives) is lost in the gap; the reload reads it, slowly.
      source.set(2, AUSTIN.lat, AUSTIN.lng, 'Lost');
      source.event(2);
      let open: () => void = () => {};
      source.gate = new Promise((resolve) => (open = resolve));
      index.everythingChanged();
      // Event 2 (truck 3 arrives) is notified and applied meanwhile.
      source.set(3, AUSTIN.lat, AUSTIN.lng, 'Heard');
      index.eventNotified(source.event(3));
      const during = await index.all();
      expect(parse(during).map((t) => t.id)).toEqual([1, 3]);
      // Not 2: this grid does not hold event 1.
      expect(during.eventId).toBe(0);
      open();
      await vi.waitFor(async () => expect((await index.all()).eventId).toBe(1));
      expect(parse(await index.all()).map((t) => t.id)).toEqual([1, 2, 3]);
      index.eventNotified(source.event(1));
      expect((await index.all()).eventId).toBe(3);
    });
  });
});
