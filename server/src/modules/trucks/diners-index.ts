import { EARTH_RADIUS_KM, haversineMiles, KM_PER_MILE } from '../../../../shared/utils/geo';

/** Where the index reads from: the database, through the same visibility rule as every list. */
export interface DinersIndexSource {
  /** The summaries of the trucks diners may see — all of them, or only those among `ids` — as JSON objects. */
  summaries(ids?: number[]): Promise<IndexedTruck[]>;
  /** The trucks that the given truck_events rows are about. */
  trucksOfEvents(eventIds: number[]): Promise<number[]>;
}

/** One truck as the index holds it: its position and its summary, serialised once. */
export interface IndexedTruck {
  id: number;
  lat: number | null;
  lng: number | null;
  /** The truck's JSON object (truckSummarySchema, without distanceMiles). */
  json: string;
}

interface Entry extends IndexedTruck {
  cell?: number;
}

export interface NearbyQuery {
  lat: number;
  lng: number;
  radiusMiles: number;
}

/** Grid cells of this many degrees: a 20-mile circle covers about 7 × 8 of them at Austin's latitude. */
const CELL_DEGREES = 0.2;
const COLUMNS = Math.ceil(360 / CELL_DEGREES) + 1;
const MILES_PER_DEGREE = (2 * Math.PI * EARTH_RADIUS_KM) / KM_PER_MILE / 360;

const row = (lat: number) => Math.floor((lat + 90) / CELL_DEGREES);
const column = (lng: number) => Math.floor((lng + 180) / CELL_DEGREES);
/** Events read per query when applying a burst of changes. */
const BATCH = 1000;
const cellOf = (lat: number, lng: number) => row(lat) * COLUMNS + column(lng);

/** Three decimals (about 5 feet) is more than any map needs and keeps the body small. */
export const roundMiles = (miles: number) => Math.round(miles * 1000) / 1000;

/**
 * The diners' truck summaries in memory, on a grid of latitude/longitude cells (ADR 0120): a
 * radius answer is a lookup of the cells the circle touches, a haversine test of the trucks in
 * them, and a join of ready-made JSON — no database round trip, no row parsing, no encoding.
 *
 * The database stays the source of truth. The index is loaded on first use and kept current from
 * the notifications every process already receives: a truck event reloads that truck's row (the
 * same visibility rule as the database lists: a truck that is now hidden or deleted leaves), a
 * visibility change or a gap in notifications reloads everything. An answer waits for every
 * change notified before its request arrived, so it is as fresh as a database query made at that
 * moment (read-your-writes across processes, as with the cached lists it replaces).
 */
export class DinersIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly cells = new Map<number, Set<Entry>>();
  private byId: Entry[] | undefined;
  /** Truck events notified and not applied yet. */
  private readonly events = new Set<number>();
  private notified = 0;
  private applied = 0;
  /** A full load is due while fullDone < fullWanted (it starts due: the index loads on first use). */
  private fullWanted = 1;
  private fullDone = 0;
  private syncing: Promise<void> | undefined;

  constructor(private readonly source: DinersIndexSource) {}

  /** How many trucks the index holds (0 before its first use). */
  get size(): number {
    return this.entries.size;
  }

  /** A truck_events or truck_ratings notification (payload: the event id). */
  eventNotified(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    this.notified += 1;
    // Not loaded and not loading: the coming full load reads the change anyway.
    if (this.fullDone < this.fullWanted && !this.syncing) return;
    this.events.add(id);
    // Applied now rather than by the next request, so requests rarely wait and the set stays small.
    this.kick();
  }

  /** Visibility changed (a subscription) or notifications may have been lost: reload everything. */
  everythingChanged(): void {
    this.fullWanted += 1;
    this.events.clear();
  }

  /** The trucks within the radius, nearest first (then by id), each with distanceMiles: a JSON array. */
  async nearby(query: NearbyQuery): Promise<string> {
    await this.current();
    const found: { entry: Entry; miles: number }[] = [];
    const consider = (entry: Entry) => {
      if (entry.lat === null || entry.lng === null) return;
      const miles = haversineMiles(query, { lat: entry.lat, lng: entry.lng });
      if (miles <= query.radiusMiles) found.push({ entry, miles });
    };
    const cells = this.cellsAround(query);
    if (cells) for (const cell of cells) this.cells.get(cell)?.forEach(consider);
    else this.entries.forEach(consider);
    found.sort((a, b) => a.miles - b.miles || a.entry.id - b.entry.id);
    const parts = found.map(({ entry, miles }) => `${entry.json.slice(0, -1)},"distanceMiles":${roundMiles(miles)}}`);
    return `[${parts.join(',')}]`;
  }

  /** Every truck diners may see, by id: a JSON array. */
  async all(): Promise<string> {
    await this.current();
    this.byId ??= [...this.entries.values()].sort((a, b) => a.id - b.id);
    return `[${this.byId.map((entry) => entry.json).join(',')}]`;
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

  /** Waits until every change notified before this call is in the index. */
  private async current(): Promise<void> {
    const fullTarget = this.fullWanted;
    const target = this.notified;
    while (this.fullDone < fullTarget || this.applied < target) await this.round();
  }

  /**
   * The round in progress, or a new one: one at a time, so changes apply in notification order.
   * Changes notified during a round get the next one.
   */
  private round(): Promise<void> {
    if (!this.syncing) {
      const round = this.sync().finally(() => {
        this.syncing = undefined;
      });
      this.syncing = round;
      round.then(
        () => {
          if (this.events.size > 0) this.kick();
        },
        () => {},
      );
    }
    return this.syncing;
  }

  /** A round in the background; a failure is retried by the next request, which answers the error (503). */
  private kick(): void {
    this.round().catch(() => {});
  }

  /** One round: a full load if one is due, else the trucks of the events notified so far. */
  private async sync(): Promise<void> {
    if (this.fullDone < this.fullWanted) {
      const wanted = this.fullWanted;
      const notified = this.notified;
      // Whatever these events changed, the load below reads (they were committed before it starts).
      this.events.clear();
      const trucks = await this.source.summaries();
      this.entries.clear();
      this.cells.clear();
      for (const truck of trucks) this.put(truck);
      this.byId = undefined;
      this.fullDone = wanted;
      this.applied = Math.max(this.applied, notified);
      return;
    }
    const notified = this.notified;
    const eventIds = [...this.events];
    this.events.clear();
    try {
      for (let start = 0; start < eventIds.length; start += BATCH) {
        const truckIds = [...new Set(await this.source.trucksOfEvents(eventIds.slice(start, start + BATCH)))];
        const trucks = truckIds.length > 0 ? await this.source.summaries(truckIds) : [];
        for (const id of truckIds) this.remove(id);
        for (const truck of trucks) this.put(truck);
        this.byId = undefined;
      }
    } catch (err) {
      for (const id of eventIds) this.events.add(id);
      throw err;
    }
    this.applied = Math.max(this.applied, notified);
  }

  private put(truck: IndexedTruck): void {
    const entry: Entry = { ...truck };
    if (truck.lat !== null && truck.lng !== null) {
      entry.cell = cellOf(truck.lat, truck.lng);
      let cell = this.cells.get(entry.cell);
      if (!cell) this.cells.set(entry.cell, (cell = new Set()));
      cell.add(entry);
    }
    this.entries.set(truck.id, entry);
  }

  private remove(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    if (entry.cell === undefined) return;
    const cell = this.cells.get(entry.cell);
    cell?.delete(entry);
    if (cell?.size === 0) this.cells.delete(entry.cell);
  }
}
