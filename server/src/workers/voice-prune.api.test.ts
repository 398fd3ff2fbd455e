import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { voiceAnswers, voiceSessions } from '../db/schema';
import { startTestServer, type TestServer } from '../test/harness';
import { voicePrune } from './voice-prune';
import { startWorkers } from './worker';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const state = { truckIds: [], index: 0 };

const sessionIds = async (ids: string[]) =>
  (await server.db.select({ id: voiceSessions.id }).from(voiceSessions).where(inArray(voiceSessions.id, ids))).map((r) => r.id).sort();
const answerIds = async (ids: string[]) =>
  (await server.db.select({ id: voiceAnswers.id }).from(voiceAnswers).where(inArray(voiceAnswers.id, ids))).map((r) => r.id).sort();

describe('voice-prune worker', () => {
  it('deletes sessions unused for a day and answers older than a day, once the workers start; keeps the rest', async () => {
    await server.db.insert(voiceSessions).values([
      { id: 'session-stale', visitorId: 'v1', state, updatedAt: ago(25 * HOUR) },
      { id: 'session-fresh', visitorId: 'v2', state, updatedAt: ago(23 * HOUR) },
    ]);
    await server.db.insert(voiceAnswers).values([
      { id: 'answer-stale', text: 'Old', createdAt: ago(25 * HOUR) },
      { id: 'answer-fresh', text: 'New', createdAt: ago(23 * HOUR) },
    ]);
    const workers = await startWorkers(server.workerContext, [voicePrune]);
    try {
      await expect.poll(() => sessionIds(['session-stale', 'session-fresh'])).toEqual(['session-fresh']);
      await expect.poll(() => answerIds(['answer-stale', 'answer-fresh'])).toEqual(['answer-fresh']);
    } finally {
      await workers.stop();
    }
    // An hour and a half later (the clock it is given), the other two are past the day as well.
    expect(await voicePrune.run(server.workerContext, new Date(Date.now() + 1.5 * HOUR))).toBeGreaterThanOrEqual(2);
    expect(await sessionIds(['session-fresh'])).toEqual([]);
    expect(await answerIds(['answer-fresh'])).toEqual([]);
  });

  it('asking questions no longer deletes anything: only the worker does', async () => {
    await server.db.insert(voiceSessions).values({ id: 'session-kept', visitorId: 'v3', state, updatedAt: ago(30 * HOUR) });
    const res = await server.request('POST', '/api/voice-assistant-free', { body: { text: 'what is open now' } });
    expect(res.status).toBe(200);
    expect(await sessionIds(['session-kept'])).toEqual(['session-kept']);
  });
});
