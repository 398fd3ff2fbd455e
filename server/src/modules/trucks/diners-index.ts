import type { TruckSearchResult } from '@shared/contracts/trucks';
import { itemHasDiet, matchesFilters, type ItemLabels, type TruckFacts } from '@shared/utils/attributes';
import { EARTH_RADIUS_KM, KM_PER_MILE, milesWithin, nearestFirst, roundMiles, type NearbyArea } from '@shared/utils/geo';
import { NAMED_WORDS, dietOf, foldForSearch, nearMisses, searchTerms, searchWords, wordsOfText } from './search-terms';

/** Where the index reads from: the database, through the same visibility rule as every list. */
export interface DinersIndexSource {
  /** The summaries of the trucks diners may see — all of them, or only those among `ids` — as JSON objects. */
  summaries(ids?: number[]): Promise<IndexedTruck[]>;
  /** The trucks that the given truck_events rows are about. */
  trucksOfEvents(eventIds: number[]): Promise<number[]>;
  /** The id of the last committed truck event (read before a full load: lastTruckEventId). */
  lastEventId(): Promise<number>;
}

/**
 * An answer of the index: the JSON array, and the id of the last truck event it includes (every
 * event up to it is applied; later ones may be too) — the list's Truck-Event-Id (ADR 0139).
 */
export interface IndexAnswer {
  json: string;
  eventId: number;
}

/** One truck as the index holds it: its position and its summary, serialised once. */
export interface IndexedTruck {
  id: number;
  lat: number | null;
  lng: number | null;
  /** The truck's JSON object (truckSummarySchema, without distanceMiles). */
  json: string;
  /**
   * What a diner's search matches, lower-cased: name, cuisine, address, description, and the names
   * and descriptions of its menu items ("brisket" finds the truck that sells it).
   */
  searchText: string;
  /** Its features and menu labels: what `filters` match (shared/utils/attributes). */
  facts: TruckFacts;
  /** The dishes on sale, each as a search reads it: what a card found through its menu names. */
  dishes?: readonly IndexedDish[];
}

/** A dish on sale: its name, the text a search reads (name and description, lower-cased), its labels. */
export interface IndexedDish {
  name: string;
  text: string;
  labels: ItemLabels;
}

/** Dishes named per truck in a search's answer. */
const DISHES_SHOWN = 3;

interface Entry extends IndexedTruck {
  cell?: number;
}

/** The rule is shared/utils/geo.ts's (within the circle, nearest first, then by id). */
export type NearbyQuery = NearbyArea;

/** Grid cells of this many degrees: a 20-mile circle covers about 7 × 8 of them at Austin's latitude. */
const CELL_DEGREES = 0.2;
const COLUMNS = Math.ceil(360 / CELL_DEGREES) + 1;
const MILES_PER_DEGREE = (2 * Math.PI * EARTH_RADIUS_KM) / KM_PER_MILE / 360;

const row = (lat: number) => Math.floor((lat + 90) / CELL_DEGREES);
const column = (lng: number) => Math.floor((lng + 180) / CELL_DEGREES);
/** Events read per query when applying a burst of changes. */
const BATCH = 1000;
const cellOf = (lat: number, lng: number) => row(lat) * COLUMNS + column(lng);

/** What a search reads: a truck's text and labels, or one dish's as if it were a truck's. */
type Searchable = Pick<IndexedTruck, 'searchText' | 'facts'>;
type Test = (entry: Searchable) => boolean;

/** A truck whose search text holds any of `terms`; undefined for no terms. */
const holding = (terms: readonly string[]): Test | undefined =>
  terms.length === 0 ? undefined : (entry) => terms.some((t) => entry.searchText.includes(t));

/** What a search (or one of its words) finds: its words in the text, or the diet it names on the menu. */
function matcher(query: string): Test | undefined {
  const text = holding(searchTerms(query));
  const diet = dietOf(query);
  if (!text || !diet) return text;
  return (entry) => text(entry) || (entry.facts.menuLabels ?? []).some((item) => itemHasDiet(item, diet));
}

/** Trucks on a grid of latitude/longitude cells, each with its JSON. */
class Grid {
  readonly entries = new Map<number, Entry>();
  private readonly cells = new Map<number, Set<Entry>>();
  private byId: Entry[] | undefined;
  /** Every word of the search texts, with how many trucks have it: what a mistyped search is matched to. */
  private readonly vocabulary = new Map<string, number>();

  constructor(trucks: IndexedTruck[] = []) {
    for (const truck of trucks) this.put(truck);
  }

  /** Replaces what the grid holds of `ids` with `trucks` (ids without a row left the diners' view). */
  patch(ids: number[], trucks: IndexedTruck[]): void {
    for (const id of ids) this.remove(id);
    for (const truck of trucks) this.put(truck);
  }

  nearby(query: NearbyQuery, filters: readonly string[] = []): string {
    const found: { entry: Entry; id: number; miles: number }[] = [];
    const consider = (entry: Entry) => {
      if (filters.length > 0 && !matchesFilters(entry.facts, filters)) return;
      const miles = milesWithin(query, entry);
      if (miles !== null) found.push({ entry, id: entry.id, miles });
    };
    const cells = this.cellsAround(query);
    if (cells) for (const cell of cells) this.cells.get(cell)?.forEach(consider);
    else this.entries.forEach(consider);
    found.sort(nearestFirst);
    const parts = found.map(({ entry, miles }) => `${entry.json.slice(0, -1)},"distanceMiles":${roundMiles(miles)}}`);
    return `[${parts.join(',')}]`;
  }

  /**
   * The trucks whose search text holds the search (search-terms.ts: as typed, its singular, the
   * cuisine it names) or whose menu has the diet it names, by id; when none does, the words it was
   * a letter or two from; for a search of several words that no truck holds whole, the trucks
   * holding the most of them (`partial`). `dishes`: for each, the dishes the same tests find.
   */
  search(query: string): TruckSearchResult {
    const { ids, partial = false, tests } = this.find(foldForSearch(query));
    const dishes: Record<string, string[]> = {};
    for (const id of ids) {
      const found = (this.entries.get(id)?.dishes ?? [])
        .filter((dish) => tests.some((test) => test({ searchText: dish.text, facts: { menuLabels: [dish.labels] } })))
        .map((dish) => dish.name);
      if (found.length > 0) dishes[id] = found.slice(0, DISHES_SHOWN);
    }
    return { ids, partial, dishes };
  }

  /** What a mistyped word may have been meant as: the trucks' own words, then the names searches widen. */
  private *wordsMeant(): Generator<string> {
    yield* this.vocabulary.keys();
    yield* NAMED_WORDS;
  }

  private find(query: string): { ids: number[]; partial?: boolean; tests: Test[] } {
    const none = { ids: [], tests: [] };
    const anyMatches = (test: Test) => {
      for (const entry of this.entries.values()) if (test(entry)) return true;
      return false;
    };
    const whole = matcher(query);
    if (!whole) return none;
    const found = this.matching(whole);
    if (found.length > 0) return { ids: found, tests: [whole] };
    // A word typed wrong means a word of the trucks' texts, or a name searches widen ("barbaque").
    const nearMissOf = (word: string): Test | undefined => {
      const tests = nearMisses(word, this.wordsMeant()).flatMap((near) => matcher(near) ?? []);
      return tests.length === 0 ? undefined : (entry) => tests.some((test) => test(entry));
    };
    if (!/\s/.test(query.trim())) {
      const near = nearMissOf(query.trim().toLowerCase());
      return near ? { ids: this.matching(near), tests: [near] } : none;
    }
    const words = searchWords(query);
    if (words.length === 0) return none;
    // Word by word: each word as typed (or its near miss when no truck has it), all in one truck.
    const perWord = words.map((word) => {
      const test = matcher(word);
      return test && anyMatches(test) ? test : nearMissOf(word);
    });
    const tests = perWord.filter((test) => test !== undefined);
    if (tests.length === perWord.length) {
      const every = this.matching((entry) => tests.every((test) => test(entry)));
      if (every.length > 0) return { ids: every, tests };
    }
    return this.holdingMost(words);
  }

  /**
   * No truck holds every word ("korean bbq"): the trucks holding the most of them. Only words that
   * tell trucks apart count: as typed (not a near miss, itself a guess), of three letters or more,
   * and held by at most half the trucks ("austin" is in every address), so that "pizza austin"
   * with no pizza lists nothing rather than everything.
   */
  private holdingMost(words: readonly string[]): { ids: number[]; partial: boolean; tests: Test[] } {
    const telling = words.flatMap((word) => {
      const test = word.length >= 3 ? matcher(word) : undefined;
      if (!test) return [];
      const holders = this.matching(test).length;
      return holders > 0 && holders * 2 <= this.entries.size ? [test] : [];
    });
    const held = (entry: Searchable) => telling.reduce((n, test) => n + (test(entry) ? 1 : 0), 0);
    let most = 0;
    for (const entry of this.entries.values()) most = Math.max(most, held(entry));
    const ids = most === 0 ? [] : this.matching((entry) => held(entry) === most);
    return { ids, partial: ids.length > 0, tests: telling };
  }

  /** The ids of the trucks passing `test`, by id. */
  private matching(test: Test): number[] {
    const ids: number[] = [];
    for (const entry of this.entries.values()) if (test(entry)) ids.push(entry.id);
    return ids.sort((a, b) => a - b);
  }

  all(filters: readonly string[] = []): string {
    this.byId ??= [...this.entries.values()].sort((a, b) => a.id - b.id);
    const entries = filters.length > 0 ? this.byId.filter((entry) => matchesFilters(entry.facts, filters)) : this.byId;
    return `[${entries.map((entry) => entry.json).join(',')}]`;
  }

  /**
   * The cells a circle's bounding box covers, or undefined when scanning everything is as cheap
   * (a box over a pole, across the antimeridian, or wider than the trucks are many).
   */
  private cellsAround({ lat, lng, radiusMiles }: NearbyQuery): number[] | undefined {
    const dLat = radiusMiles / MILES_PER_DEGREE;
    const cos = Math.cos((Math.max(Math.abs(lat - dLat), Math.abs(lat + dLat)) * Math.PI) / 180);
    if (lat - dLat <= -90 || lat + dLat >= 90 || cos <= 0.01) return undefined;
    const dLng = dLat / cos;
    if (lng - dLng < -180 || lng + dLng >= 180) return undefined;
    const rows = [row(lat - dLat), row(lat + dLat)] as const;
    const columns = [column(lng - dLng), column(lng + dLng)] as const;
    const count = (rows[1] - rows[0] + 1) * (columns[1] - columns[0] + 1);
    if (count > this.entries.size) return undefined;
    const cells: number[] = [];
    for (let r = rows[0]; r <= rows[1]; r++) for (let c = columns[0]; c <= columns[1]; c++) cells.push(r * COLUMNS + c);
    return cells;
  }

  private countWords(text: string, by: 1 | -1): void {
    for (const word of new Set(wordsOfText(text))) {
      const count = (this.vocabulary.get(word) ?? 0) + by;
      if (count > 0) this.vocabulary.set(word, count);
      else this.vocabulary.delete(word);
    }
  }

  private put(truck: IndexedTruck): void {
    const entry: Entry = {
      ...truck,
      searchText: foldForSearch(truck.searchText),
      dishes: truck.dishes?.map((dish) => ({ ...dish, text: foldForSearch(dish.text) })),
    };
    this.countWords(entry.searchText, 1);
    if (truck.lat !== null && truck.lng !== null) {
      entry.cell = cellOf(truck.lat, truck.lng);
      let cell = this.cells.get(entry.cell);
      if (!cell) this.cells.set(entry.cell, (cell = new Set()));
      cell.add(entry);
    }
    this.entries.set(truck.id, entry);
    this.byId = undefined;
  }

  private remove(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.countWords(entry.searchText, -1);
    this.byId = undefined;
    if (entry.cell === undefined) return;
    const cell = this.cells.get(entry.cell);
    cell?.delete(entry);
    if (cell?.size === 0) this.cells.delete(entry.cell);
  }
}

/**
 * The diners' truck summaries in memory, on a grid of latitude/longitude cells (ADR 0120): a
 * radius answer is a lookup of the cells the circle touches, a haversine test of the trucks in
 * them, and a join of ready-made JSON — no database round trip, no row parsing, no encoding.
 *
 * The database stays the source of truth. The index loads on first use (that request waits) and
 * is kept current from the notifications every process already receives: a truck event reloads
 * that truck's row, through the same visibility rule as the database lists (a truck now hidden or
 * deleted leaves). An answer waits until every event notified before its request arrived is
 * applied, so it is as fresh as a database query made at that moment, in any process.
 *
 * A gap in notifications (or a bulk write without truck events) reloads everything in the
 * background: answers meanwhile come from the current grid (still patched by events), and the new
 * grid takes over once the trucks changed during its load are read again.
 */
export class DinersIndex {
  private grid = new Grid();
  private loaded = false;
  /** Truck events notified and not applied yet. */
  private readonly events = new Set<number>();
  private notified = 0;
  private applied = 0;
  private eventRound: Promise<void> | undefined;
  /** The full load in progress, with the trucks that events changed while it ran. */
  private loading: { promise: Promise<void>; touched: Set<number> } | undefined;
  /** Another full load is due (asked for during one, or the last one failed). */
  private reloadDue = false;
  /**
   * Every truck event up to this id is in the grid (ADR 0139). Notifications arrive in commit
   * order, which is id order, so a round that applied every event notified so far holds every id
   * up to the largest of them; a full load holds every id up to the last one committed before it
   * read (lastEventId, read first).
   */
  private eventId = 0;
  /**
   * Counts the gaps in notifications (everythingChanged) and the ones a finished full load covers:
   * after a gap an event may never have been notified, so rounds stop moving `eventId` until a full
   * load that started after the gap has finished.
   */
  private gaps = 0;
  private gapsCovered = 0;

  constructor(private readonly source: DinersIndexSource) {}

  /** How many trucks the index holds (0 before its first use). */
  get size(): number {
    return this.grid.entries.size;
  }

  /** A truck_events or truck_ratings notification (payload: the event id). */
  eventNotified(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    this.notified += 1;
    // Not loaded and not loading: the first load reads the change anyway.
    if (!this.loaded && !this.loading) return;
    this.events.add(id);
    // Applied now rather than by the next request, so requests rarely wait and the set stays small.
    this.background(this.applyEvents());
  }

  /** Notifications may have been lost (or trucks were written without events): reload everything. */
  everythingChanged(): void {
    if (!this.loaded && !this.loading) return;
    this.gaps += 1;
    this.reloadDue = true;
    if (!this.loading) this.background(this.load());
  }

  /**
   * The trucks within the radius, nearest first (then by id), each with distanceMiles: a JSON array.
   * With `filters`, only the trucks that match them all (issue 28).
   */
  async nearby(query: NearbyQuery, filters: readonly string[] = []): Promise<IndexAnswer> {
    await this.current();
    // Taken together, with no await between: the id is exactly what this grid holds.
    return { json: this.grid.nearby(query, filters), eventId: this.eventId };
  }

  /**
   * The ids of the trucks diners may see whose name, cuisine, address, description or menu (item
   * names and descriptions) holds `query`, case-insensitively — as fresh as the lists, since a menu
   * change publishes a truck event that re-reads the truck. With `upToEventId` (the database's last
   * truck event, read when the request arrived), the answer holds every event up to it even where
   * its notification is still on the way (PostgreSQL): a diner's own write is in the next search.
   */
  async search(query: string, upToEventId = 0): Promise<TruckSearchResult> {
    await this.current();
    await this.catchUp(upToEventId);
    return this.grid.search(query);
  }

  /** Every truck diners may see (matching every filter), by id: a JSON array. */
  async all(filters: readonly string[] = []): Promise<IndexAnswer> {
    await this.current();
    return { json: this.grid.all(filters), eventId: this.eventId };
  }

  /** Waits until the index is loaded and holds every change notified before this call. */
  private async current(): Promise<void> {
    while (!this.loaded) await this.load();
    if (this.reloadDue && !this.loading) this.background(this.load());
    const target = this.notified;
    while (this.applied < target) await this.applyEvents();
  }

  /**
   * Reads the events after the ones the index holds, up to `target`, without waiting for their
   * notifications: one round reads them with the events already notified. Far behind (a gap in
   * notifications), a full load does it instead.
   */
  async catchUp(target: number): Promise<void> {
    while (!this.loaded) await this.load();
    if (this.eventId >= target) return;
    if (target - this.eventId > BATCH) {
      this.reloadDue = true;
      while (this.eventId < target) await (this.loading?.promise ?? this.load());
      return;
    }
    for (let id = this.eventId + 1; id <= target; id++) this.events.add(id);
    // A round already running took its events before these were added: the next round takes them.
    const running = this.eventRound;
    if (running) await running.catch(() => {});
    await this.applyEvents();
  }

  /** A failure in the background is retried by the next request, which answers it (503 while the database is away). */
  private background(work: Promise<void>): void {
    work.catch(() => {});
  }

  /**
   * Applies the events notified so far, one round at a time (so changes apply in notification
   * order); events notified during a round get the next.
   */
  private applyEvents(): Promise<void> {
    if (!this.eventRound) {
      const round = this.applyEventsOnce().finally(() => {
        this.eventRound = undefined;
      });
      this.eventRound = round;
      round.then(
        () => {
          if (this.events.size > 0) this.background(this.applyEvents());
        },
        () => {},
      );
    }
    return this.eventRound;
  }

  private async applyEventsOnce(): Promise<void> {
    const notified = this.notified;
    const eventIds = [...this.events];
    this.events.clear();
    try {
      for (let start = 0; start < eventIds.length; start += BATCH) {
        const truckIds = [...new Set(await this.source.trucksOfEvents(eventIds.slice(start, start + BATCH)))];
        if (truckIds.length === 0) continue;
        const trucks = await this.source.summaries(truckIds);
        this.grid.patch(truckIds, trucks);
        for (const id of truckIds) this.loading?.touched.add(id);
      }
    } catch (err) {
      for (const id of eventIds) this.events.add(id);
      throw err;
    }
    this.applied = Math.max(this.applied, notified);
    if (this.gapsCovered === this.gaps) this.eventId = Math.max(this.eventId, ...eventIds);
  }

  /** The full load in progress, or a new one. */
  private load(): Promise<void> {
    if (!this.loading) {
      const touched = new Set<number>();
      const promise = this.loadOnce(touched).finally(() => {
        this.loading = undefined;
      });
      this.loading = { promise, touched };
      promise.then(
        () => {
          if (this.reloadDue) this.background(this.load());
        },
        () => {},
      );
    }
    return this.loading.promise;
  }

  private async loadOnce(touched: Set<number>): Promise<void> {
    this.reloadDue = false;
    // Events notified so far were committed before this load reads: it holds their changes.
    const notified = this.notified;
    const gaps = this.gaps;
    let grid: Grid;
    let eventId: number;
    try {
      // Read before the trucks: every event up to it is in what the load reads.
      eventId = await this.source.lastEventId();
      grid = new Grid(await this.source.summaries());
      // Trucks that events changed while the load ran may be older in its rows: read them again.
      while (touched.size > 0) {
        const ids = [...touched];
        touched.clear();
        grid.patch(ids, await this.source.summaries(ids));
      }
    } catch (err) {
      this.reloadDue = this.loaded;
      throw err;
    }
    this.grid = grid;
    this.loaded = true;
    this.applied = Math.max(this.applied, notified);
    this.eventId = Math.max(this.eventId, eventId);
    this.gapsCovered = Math.max(this.gapsCovered, gaps);
  }
}
