import type { RecordedInsightKind } from '@shared/contracts/insights';
import type { DbOrTx } from '../../db/client';
import { insightEvents } from '../../db/schema';

/** What the app records: a truck event, or a diner's search position (as its grid cell only). */
export interface InsightEvent {
  kind: RecordedInsightKind | 'search';
  truckId: number | null;
  /** 'u:{id}' or an anonymous daily digest: counts distinct diners, never names one. */
  visitor: string | null;
  cellLat?: number | null;
  cellLng?: number | null;
  detail?: string | null;
  at: Date;
}

export const INSIGHTS_BUFFER_DEFAULTS = {
  /** Events held at most; past this new ones are dropped (and counted) until the next flush. */
  maxEvents: 100_000,
  /** Rows per insert statement. */
  batchSize: 1000,
};

/**
 * The process's insight events on their way to the database (issue 31): recording one is a push
 * onto an array — no I/O on the request path; the insights-flush worker writes them in batches
 * (workers/insights.ts), and the app's close flushes the rest. Built by buildApp, one per process.
 */
export class InsightsBuffer {
  private events: InsightEvent[] = [];
  /** Events dropped because the buffer was full (the database was away for long). */
  dropped = 0;

  constructor(private readonly options = INSIGHTS_BUFFER_DEFAULTS) {}

  get size(): number {
    return this.events.length;
  }

  /** Keys of events recorded lately (recordOnce); forgotten each hour (forgetOlderThan). */
  private seen = new Set<string>();
  private seenSince = 0;

  /** Records `event` unless one with the same key was recorded in the last hour or so (a diner's repeated polls). */
  recordOnce(key: string, event: InsightEvent): void {
    const now = event.at.getTime();
    if (now - this.seenSince > 3_600_000 || this.seen.size > this.options.maxEvents) {
      this.seen.clear();
      this.seenSince = now;
    }
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.record(event);
  }

  record(event: InsightEvent): void {
    if (this.events.length >= this.options.maxEvents) {
      this.dropped += 1;
      return;
    }
    this.events.push(event);
  }

  /**
   * Writes every held event, in batches; returns how many. A failed insert puts the unwritten
   * events back (ahead of newer ones, within the cap) and throws: the next round tries again.
   */
  async flush(db: DbOrTx): Promise<number> {
    const taken = this.events;
    this.events = [];
    let written = 0;
    try {
      for (; written < taken.length; written += this.options.batchSize) {
        const batch = taken.slice(written, written + this.options.batchSize);
        await db.insert(insightEvents).values(
          batch.map((e) => ({
            occurredAt: e.at,
            kind: e.kind,
            foodTruckId: e.truckId,
            visitor: e.visitor,
            cellLat: e.cellLat ?? null,
            cellLng: e.cellLng ?? null,
            detail: e.detail ?? null,
          })),
        );
      }
    } catch (err) {
      const unwritten = taken.slice(written);
      this.events = [...unwritten, ...this.events].slice(0, this.options.maxEvents);
      throw err;
    }
    return taken.length;
  }
}
