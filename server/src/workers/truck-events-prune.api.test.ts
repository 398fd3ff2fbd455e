import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { AuthResponse } from '@shared/contracts';
import { truckEvents } from '../db/schema';
import { startTestServer, type TestServer } from '../test/harness';
import { openEventStream } from '../test/sse-client';
import { insertTruck } from '../test/trucks';
import { truckEventsPrune } from './truck-events-prune';
import { startWorkers } from './worker';

let server: TestServer;
let operator: AuthResponse;
let truckId: number;

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.signUpSubscribedOperator();
  truckId = (await insertTruck(server.db, operator.user.id, { name: 'Pruned Tacos' })).id;
});
afterAll(() => server.close());

const HOUR = 3_600_000;

/** A truck event written `ageMs` ago (directly: the prune only looks at created_at). */
async function eventAged(ageMs: number): Promise<number> {
  const [row] = await server.db
    .insert(truckEvents)
    .values({ type: 'updated', truckId, operatorId: operator.user.id, payload: {}, createdAt: new Date(Date.now() - ageMs) })
    .returning({ id: truckEvents.id });
  if (!row) throw new Error('no event');
  return row.id;
}

const remaining = async (ids: number[]) =>
  (await server.db.select({ id: truckEvents.id }).from(truckEvents).where(inArray(truckEvents.id, ids))).map((r) => r.id);

describe('truck-events-prune worker', () => {
  it('deletes events older than 24 h once the workers start, keeps younger ones; a stream resuming from before a pruned id gets reset', async () => {
    const older = await eventAged(26 * HOUR);
    const old = await eventAged(25 * HOUR);
    const young = await eventAged(23 * HOUR);
    const workers = await startWorkers(server.workerContext, [truckEventsPrune]);
    try {
      await expect.poll(() => remaining([older, old, young])).toEqual([young]);
    } finally {
      await workers.stop();
    }
    // After `older` came `old`, which is gone: the replay cannot be whole.
    const s = await openEventStream(`${server.url}/api/events`, { 'last-event-id': String(older) });
    await s.waitFor((f) => f.event === 'reset');
    s.close();
    // After `old` only `young` came, and it is kept: the replay is whole (ADR 0139).
    const resumed = await openEventStream(`${server.url}/api/events`, { 'last-event-id': String(old) });
    await resumed.waitFor((f) => f.id === String(young));
    expect(resumed.frames.some((f) => f.event === 'reset')).toBe(false);
    resumed.close();
  });

  it('deletes the oldest ids first: an old event after a younger one takes the younger one with it', async () => {
    const younger = await eventAged(HOUR);
    const old = await eventAged(25 * HOUR);
    const kept = await eventAged(HOUR);
    await truckEventsPrune.run(server.workerContext);
    expect(await remaining([younger, old, kept])).toEqual([kept]);
  });

  it('follows config.eventStream.retentionMs and the clock it is given', async () => {
    const id = await eventAged(2 * HOUR);
    const short = { ...server.workerContext, config: { ...server.config, eventStream: { retentionMs: 3 * HOUR } } };
    await truckEventsPrune.run(short);
    expect(await remaining([id])).toEqual([id]);
    expect(await truckEventsPrune.run(short, new Date(Date.now() + 2 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await server.db.select().from(truckEvents).where(eq(truckEvents.id, id))).toEqual([]);
  });
});
