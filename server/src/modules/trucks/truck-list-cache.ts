import type { JsonRepresentation } from '../../lib/json-representation';

/**
 * One cached, pre-compressed representation (the anonymous truck list), rebuilt at most once per
 * change: `invalidate()` drops it (the trucks plugin calls it on every truck_events /
 * truck_visibility notification), and the next request rebuilds it. Requests that arrive while it
 * is being rebuilt share that one build. A build that an invalidation overtook still answers the
 * requests waiting for it but is not kept. `maxAgeMs` is a safety net for notifications lost while
 * the LISTEN connection was down: an old entry is rebuilt (its ETag stays the same when nothing
 * changed).
 */
export class RepresentationCache {
  private entry: { rep: JsonRepresentation; builtAt: number } | undefined;
  private building: Promise<JsonRepresentation> | undefined;
  private generation = 0;

  constructor(
    private readonly build: () => Promise<JsonRepresentation>,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached representation if fresh, without any I/O: the 304 path. */
  peek(): JsonRepresentation | undefined {
    if (this.entry && this.now() - this.entry.builtAt > this.maxAgeMs) this.entry = undefined;
    return this.entry?.rep;
  }

  get(): Promise<JsonRepresentation> {
    const cached = this.peek();
    if (cached) return Promise.resolve(cached);
    if (this.building) return this.building;
    const generation = this.generation;
    const building = this.build()
      .then((rep) => {
        if (generation === this.generation) this.entry = { rep, builtAt: this.now() };
        return rep;
      })
      .finally(() => {
        if (this.building === building) this.building = undefined;
      });
    this.building = building;
    return building;
  }

  invalidate(): void {
    this.generation += 1;
    this.entry = undefined;
    this.building = undefined;
  }
}
