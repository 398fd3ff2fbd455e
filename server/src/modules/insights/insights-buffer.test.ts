import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { InsightsBuffer, type InsightEvent } from './insights-buffer';

const at = new Date('2026-03-15T12:00:00Z');
const event = (n: number): InsightEvent => ({ kind: 'card_view', truckId: n, visitor: `u:${n}`, at });

/** A database whose inserts fail `failures` times, then record the rows they were given. */
function fakeDb(failures = 0) {
  const inserted: unknown[][] = [];
  let left = failures;
  const db = {
    insert: () => ({
      values: async (rows: unknown[]) => {
        if (left > 0) {
          left -= 1;
          throw new Error('database away');
        }
        inserted.push(rows);
      },
    }),
  };
  return { db: db as unknown as DbOrTx, inserted };
}

describe('InsightsBuffer (issue 31)', () => {
  it('holds events until a flush writes them in batches', async () => {
    const buffer = new InsightsBuffer({ maxEvents: 100, batchSize: 3 });
    for (let i = 1; i <= 7; i++) buffer.record(event(i));
    expect(buffer.size).toBe(7);
    const { db, inserted } = fakeDb();
    expect(await buffer.flush(db)).toBe(7);
    expect(inserted.map((rows) => rows.length)).toEqual([3, 3, 1]);
    expect(buffer.size).toBe(0);
    expect(await buffer.flush(db)).toBe(0);
    expect(inserted).toHaveLength(3);
  });

  it('keeps what a failed flush could not write, ahead of newer events, and writes it next time', async () => {
    const buffer = new InsightsBuffer({ maxEvents: 100, batchSize: 2 });
    for (let i = 1; i <= 3; i++) buffer.record(event(i));
    const failing = fakeDb(1);
    await expect(buffer.flush(failing.db)).rejects.toThrow('database away');
    buffer.record(event(4));
    expect(buffer.size).toBe(4);
    const ok = fakeDb();
    expect(await buffer.flush(ok.db)).toBe(4);
    expect(ok.inserted.flat().map((r) => (r as { foodTruckId: number }).foodTruckId)).toEqual([1, 2, 3, 4]);
  });

  it('drops (and counts) events past its cap', () => {
    const buffer = new InsightsBuffer({ maxEvents: 2, batchSize: 10 });
    for (let i = 1; i <= 5; i++) buffer.record(event(i));
    expect(buffer.size).toBe(2);
    expect(buffer.dropped).toBe(3);
  });

  it('records a key once an hour (a diner polling one place is one search)', () => {
    const buffer = new InsightsBuffer({ maxEvents: 100, batchSize: 10 });
    buffer.recordOnce('u:1|10|20', event(1));
    buffer.recordOnce('u:1|10|20', { ...event(1), at: new Date(at.getTime() + 60_000) });
    buffer.recordOnce('u:2|10|20', event(2));
    expect(buffer.size).toBe(2);
    buffer.recordOnce('u:1|10|20', { ...event(1), at: new Date(at.getTime() + 3_700_000) });
    expect(buffer.size).toBe(3);
  });
});
