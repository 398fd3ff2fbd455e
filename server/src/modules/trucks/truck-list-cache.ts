import type { JsonRepresentation } from '../../lib/json-representation';

export interface RepresentationCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /**
   * Most bytes of bodies kept in all (the least recently used go first); a body larger than this
   * is served but not kept. A total rather than a per-entry limit, so the one big list every diner
   * without a position asks for (2.5 MB at 10,000 trucks) is kept like the small ones.
   */
  maxBytes: number;
  /**
   * Safety net for notifications lost while the LISTEN connection was down: older entries are
   * rebuilt (their ETag stays the same when nothing changed).
   */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * Truck-list bodies, each built at most once per change: `invalidate()` drops them all (the truck
 * feed's subscriber, diners-lists.ts, calls it on every truck event and notification gap) and the next request for
 * a key rebuilds it. Requests for a key that is being built share that one build. A build that an
 * invalidation overtook still answers the requests waiting for it but is not kept.
 */
export class RepresentationCache<K extends string = string> {
  private readonly entries = new Map<K, { rep: JsonRepresentation; builtAt: number; expiresAt: number }>();
  private bytes = 0;
  private readonly building = new Map<K, Promise<JsonRepresentation>>();
  private generation = 0;
  /** Bumped by expireSoon: a build that started before it is kept only for the short age. */
  private softGeneration = 0;
  private softAgeMs = Infinity;
  private readonly now: () => number;

  constructor(private readonly options: RepresentationCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached representation if fresh, without any I/O: the 304 path. */
  peek(key: K): JsonRepresentation | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() > entry.expiresAt) {
      this.drop(key);
      return undefined;
    }
    return entry.rep;
  }

  /** The cached representation for `key`, or the one `build` makes (kept unless a change overtook it). */
  get(key: K, build: () => Promise<JsonRepresentation>): Promise<JsonRepresentation> {
    const cached = this.peek(key);
    const entry = this.entries.get(key);
    if (cached && entry) {
      // Most recently used goes last, so eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve(cached);
    }
    const inFlight = this.building.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const softGeneration = this.softGeneration;
    const builtAt = this.now();
    const building = build()
      .then((rep) => {
        if (generation === this.generation && rep.identity.length <= this.options.maxBytes) {
          const maxAge = softGeneration === this.softGeneration ? this.options.maxAgeMs : this.softAgeMs;
          this.keep(key, rep, builtAt, builtAt + maxAge);
        }
        return rep;
      })
      .finally(() => {
        if (this.building.get(key) === building) this.building.delete(key);
      });
    this.building.set(key, building);
    return building;
  }

  /** Bytes of the bodies kept (their identity copies). */
  get totalBytes(): number {
    return this.bytes;
  }

  private keep(key: K, rep: JsonRepresentation, builtAt: number, expiresAt: number) {
    this.drop(key);
    this.entries.set(key, { rep, builtAt, expiresAt });
    this.bytes += rep.identity.length;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  private drop(key: K) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.rep.identity.length;
  }

  /**
   * A change that may wait a little (a rating vote): every entry is rebuilt once it is `ageMs` old,
   * not at once, so a burst of votes costs one rebuild per key per `ageMs`, however many arrive.
   * Open pages get the vote live from the event stream meanwhile.
   */
  expireSoon(ageMs: number): void {
    this.softGeneration += 1;
    this.softAgeMs = ageMs;
    for (const entry of this.entries.values()) entry.expiresAt = Math.min(entry.expiresAt, entry.builtAt + ageMs);
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
    this.building.clear();
  }
}
