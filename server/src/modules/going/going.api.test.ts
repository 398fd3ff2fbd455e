import { and, eq, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@shared/contracts';
import {
  goingNoticeSchema,
  NO_STOP_TO_GO_TO,
  type GoingCountWire,
  type MyGoingListWire,
} from '@shared/contracts/going';
import { goingNotices, pushOutbox, pushSubscriptions, smsOutbox, truckEvents, truckGoing } from '../../db/schema';
import { GOING_NOTICE_REPLAY_MS } from './going.service';
import { startTestServer, type TestServer } from '../../test/harness';
import { openEventStream, type SseStream } from '../../test/sse-client';
import { insertTruck } from '../../test/trucks';

let server: TestServer;
let owner: AuthResponse;
let other: AuthResponse;
let diner: AuthResponse;
let second: AuthResponse;
let admin: AuthResponse;
const streams: SseStream[] = [];

const PLACE = { latitude: 30.2686, longitude: -97.7452, address: '6th & Congress' };
/** A date two days ahead: tomorrow or later in every zone. */
const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({ eventStream: { heartbeatMs: 150 } });
  [owner, other, diner, second, admin] = await Promise.all([
    server.signUpSubscribedOperator(),
    server.signUpSubscribedOperator(),
    server.signUp('customer'),
    server.signUp('customer'),
    server.signUpAdmin(),
  ]);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server.close();
});

/** An open truck of `owner` at its own spot (each test owns its truck). */
async function openTruck(name = `Going ${Math.random()}`) {
  const truck = await insertTruck(server.db, owner.user.id, { name, ...PLACE, isOpen: true });
  return truck;
}
const going = (session: AuthResponse | undefined, truckId: number, method: 'POST' | 'DELETE' = 'POST') =>
  server.request<MyGoingListWire & { message?: string }>(method, `/api/food-trucks/${truckId}/going`, {
    token: session?.token,
  });
const counts = (session: AuthResponse | undefined, truckId: number) =>
  server.request<GoingCountWire[] & { message?: string }>('GET', `/api/food-trucks/${truckId}/going`, {
    token: session?.token,
  });
const rowsOf = (truckId: number) =>
  server.db.select().from(truckGoing).where(eq(truckGoing.foodTruckId, truckId));
async function stream(session: AuthResponse) {
  const s = await openEventStream(`${server.url}/api/events`, { authorization: `Bearer ${session.token}` });
  streams.push(s);
  await s.waitFor((f) => f.retry !== undefined);
  return s;
}

/** A push device of `session`'s account. */
async function subscribePush(session: AuthResponse) {
  await server.db.insert(pushSubscriptions).values({
    userId: session.user.id,
    endpoint: `https://push.example.test/${Math.random()}`,
    p256dh: 'BPcMbnWQL5GOYX_5D6aXQ6Z5cKzsYl8y8kGUl3xgaaaa',
    auth: 'aaaaaaaaaaaaaaaaaaaaaa',
    label: 'Test device',
  });
}

describe("I'm going", () => {
  it('marks the open truck, once however often it is said, and undoes with one call', async () => {
    const truck = await openTruck();
    for (let i = 0; i < 2; i++) {
      const res = await going(diner, truck.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          truckId: truck.id,
          stopKey: 'open',
          kind: 'open',
          address: PLACE.address,
          latitude: PLACE.latitude,
          longitude: PLACE.longitude,
          startsAt: null,
          endsAt: null,
        },
      ]);
    }
    expect(await rowsOf(truck.id)).toHaveLength(1);
    const mine = await server.request<MyGoingListWire>('GET', '/api/going', { token: diner.token });
    expect(mine.body.map((g) => g.truckId)).toContain(truck.id);
    for (let i = 0; i < 2; i++) {
      const undo = await going(diner, truck.id, 'DELETE');
      expect(undo.status).toBe(200);
      expect(undo.body.some((g) => g.truckId === truck.id)).toBe(false);
    }
    expect(await rowsOf(truck.id)).toHaveLength(0);
  });

  it("goes to a closed truck's next scheduled stop, and refuses a truck with none (409)", async () => {
    const truck = await insertTruck(server.db, owner.user.id, { name: 'Schedule only' });
    const none = await going(diner, truck.id);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(NO_STOP_TO_GO_TO);
    const stop = await server.request<{ id: number }>('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: owner.token,
      body: { kind: 'once', date: inTwoDays, startTime: '11:00', endTime: '14:00', ...PLACE },
    });
    expect(stop.status).toBe(201);
    const res = await going(diner, truck.id);
    expect(res.status).toBe(200);
    const mine = res.body.find((g) => g.truckId === truck.id);
    expect(mine).toMatchObject({
      kind: 'stop',
      stopKey: `stop:${stop.body.id}:${inTwoDays}`,
      address: PLACE.address,
    });
    expect(new Date(mine?.startsAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 86_400_000 - 14 * 3_600_000);
  });

  it('shows the count to the truck’s operator and admins only; refuses everyone else and changes nothing', async () => {
    const truck = await openTruck();
    await going(diner, truck.id);
    await going(second, truck.id);
    const before = await rowsOf(truck.id);
    const own = await counts(owner, truck.id);
    expect(own.status).toBe(200);
    expect(own.body).toEqual([
      expect.objectContaining({ stopKey: 'open', count: 2, address: PLACE.address }),
    ]);
    expect((await counts(admin, truck.id)).body[0]?.count).toBe(2);
    expect((await counts(other, truck.id)).status).toBe(404);
    expect((await counts(diner, truck.id)).status).toBe(403);
    expect((await counts(undefined, truck.id)).status).toBe(401);
    // Only customers say they are going; visitors and operators change nothing.
    expect((await going(undefined, truck.id)).status).toBe(401);
    expect((await going(owner, truck.id)).status).toBe(403);
    expect((await going(admin, truck.id, 'DELETE')).status).toBe(403);
    expect((await server.request('GET', '/api/going')).status).toBe(401);
    expect((await going(diner, 999_999)).status).toBe(404);
    expect((await server.request('POST', '/api/food-trucks/abc/going', { token: diner.token })).status).toBe(
      404,
    );
    expect(await rowsOf(truck.id)).toEqual(before);
  });

  it('a truck diners cannot see is 404 and gets no row', async () => {
    const unpaid = await server.signUp('operator');
    const hidden = await insertTruck(server.db, unpaid.user.id, { name: 'Hidden', ...PLACE, isOpen: true });
    expect((await going(diner, hidden.id)).status).toBe(404);
    expect(await rowsOf(hidden.id)).toHaveLength(0);
  });

  it('tells the operator live when the count changes', async () => {
    const truck = await openTruck();
    const ops = await stream(owner);
    const rival = await stream(other);
    await going(diner, truck.id);
    const frame = await ops.waitFor((f) => f.event === 'going');
    expect(JSON.parse(frame.data ?? '{}')).toEqual({ truckId: truck.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(rival.frames.some((f) => f.event === 'going')).toBe(false);
  });

  it('closing early tells everyone going at once: open page, SMS outbox and push outbox; nobody else', async () => {
    const truck = await openTruck('Early Bird');
    await subscribePush(second);
    await going(diner, truck.id);
    await going(second, truck.id);
    const page = await stream(diner);
    const bystander = await stream(other);
    const close = await server.request('POST', `/api/food-trucks/${truck.id}/close`, { token: owner.token });
    expect(close.status).toBe(200);
    const frame = await page.waitFor((f) => f.event === 'notice');
    const notice = goingNoticeSchema.parse(JSON.parse(frame.data ?? '{}'));
    expect(notice).toMatchObject({
      truckId: truck.id,
      kind: 'closed',
      message: 'Early Bird has closed early today.',
    });
    expect(bystander.frames.some((f) => f.event === 'notice')).toBe(false);
    const texts = await server.db.select().from(smsOutbox).where(eq(smsOutbox.foodTruckId, truck.id));
    expect(texts.map((t) => t.userId).sort()).toEqual([diner.user.id, second.user.id].sort());
    expect(texts[0]?.body).toContain('Early Bird has closed early today.');
    const pushes = await server.db.select().from(pushOutbox).where(eq(pushOutbox.foodTruckId, truck.id));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.message).toMatchObject({ kind: 'going', truckId: truck.id, title: 'Early Bird' });
    // The stop is over: nobody is going any more, and the counts say so.
    expect(await rowsOf(truck.id)).toHaveLength(0);
    expect((await counts(owner, truck.id)).body).toEqual([]);
  });

  it('a page whose stream was reopening when the notice was sent gets it as the stream reopens; nobody else, nothing old', async () => {
    const truck = await openTruck('Between Streams');
    await going(diner, truck.id);
    // The page had every truck event up to here, then its stream went away (reopening).
    const [{ last } = { last: 0 }] = await server.db.select({ last: max(truckEvents.id) }).from(truckEvents);
    const close = await server.request('POST', `/api/food-trucks/${truck.id}/close`, { token: owner.token });
    expect(close.status).toBe(200);
    const [row] = await server.db.select().from(goingNotices).where(eq(goingNotices.foodTruckId, truck.id));
    const reopen = async (session: AuthResponse, from: number) => {
      const s = await openEventStream(`${server.url}/api/events?lastEventId=${from}`, {
        authorization: `Bearer ${session.token}`,
      });
      streams.push(s);
      // The notice, or three heartbeats (450 ms) without one.
      await s.waitFor(
        (f) => f.event === 'notice' || (f.comment !== undefined && s.frames.filter((g) => g.comment !== undefined).length >= 3),
      );
      return s.frames.filter((f) => f.event === 'notice').map((f) => goingNoticeSchema.parse(JSON.parse(f.data ?? '{}')));
    };
    const expected = { id: row!.id, truckId: truck.id, kind: 'closed', message: 'Between Streams has closed early today.' };
    expect(await reopen(diner, Number(last))).toEqual([expect.objectContaining(expected)]);
    // From the close's own event too: the stream may have had the event and not yet its notice.
    const [{ closedAt } = { closedAt: 0 }] = await server.db.select({ closedAt: max(truckEvents.id) }).from(truckEvents);
    expect(await reopen(diner, Number(closedAt))).toEqual([expect.objectContaining(expected)]);
    expect(await reopen(other, Number(last))).toEqual([]);
    // Minutes later the notice is not sent again (the SMS and push copies told those who were away).
    await server.db
      .update(goingNotices)
      .set({ createdAt: new Date(Date.now() - GOING_NOTICE_REPLAY_MS - 1000) })
      .where(eq(goingNotices.id, row!.id));
    expect(await reopen(diner, Number(last))).toEqual([]);
  });

  it('a diner who opted out of texts gets the notice on the page but no SMS', async () => {
    const truck = await openTruck();
    const quiet = await server.signUp('customer');
    const off = await server.request('PUT', '/api/auth/user/sms-preferences', {
      token: quiet.token,
      body: { smsAlerts: false },
    });
    expect(off.status).toBe(200);
    await going(quiet, truck.id);
    await server.request('POST', `/api/food-trucks/${truck.id}/close`, { token: owner.token });
    const [notice] = await server.db
      .select()
      .from(goingNotices)
      .where(eq(goingNotices.foodTruckId, truck.id));
    expect(notice?.recipientIds).toEqual([quiet.user.id]);
    const texts = await server.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.foodTruckId, truck.id), eq(smsOutbox.userId, quiet.user.id)));
    expect(texts).toHaveLength(0);
  });

  it('moving the open truck tells where it went, and the count stays with the new place', async () => {
    const truck = await openTruck('Mover');
    await going(diner, truck.id);
    const page = await stream(diner);
    const moved = await server.request('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: owner.token,
      body: { latitude: 30.2849, longitude: -97.7341, address: 'UT Campus' },
    });
    expect(moved.status).toBe(200);
    const notice = goingNoticeSchema.parse(
      JSON.parse((await page.waitFor((f) => f.event === 'notice')).data ?? '{}'),
    );
    expect(notice).toMatchObject({ kind: 'moved', latitude: 30.2849, longitude: -97.7341 });
    expect(notice.message).toMatch(/^Mover has moved/);
    expect((await counts(owner, truck.id)).body[0]).toMatchObject({ count: 1, latitude: 30.2849 });
  });

  it('cancelling a scheduled stop tells those going; the other stops are untouched', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { name: 'Canceller' });
    const stop = await server.request<{ id: number }>('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: owner.token,
      body: { kind: 'once', date: inTwoDays, startTime: '11:00', endTime: '14:00', ...PLACE },
    });
    await going(diner, truck.id);
    const page = await stream(diner);
    const del = await server.request(
      'DELETE',
      `/api/food-trucks/${truck.id}/schedule/stops/${stop.body.id}`,
      { token: owner.token },
    );
    expect(del.status).toBe(200);
    const notice = goingNoticeSchema.parse(
      JSON.parse((await page.waitFor((f) => f.event === 'notice')).data ?? '{}'),
    );
    expect(notice).toMatchObject({
      kind: 'cancelled',
      message: `Canceller cancelled its stop at ${PLACE.address}.`,
    });
    expect(await rowsOf(truck.id)).toHaveLength(0);
  });

  describe('deleting the truck', () => {
    /** The texts and pushes about `truckName` queued for `userId` (the truck's id is gone from them). */
    const sentTo = async (userId: number, truckName: string) => ({
      texts: (await server.db.select().from(smsOutbox).where(eq(smsOutbox.userId, userId))).filter((t) =>
        t.body.includes(truckName),
      ),
      pushes: (await server.db.select().from(pushOutbox).where(eq(pushOutbox.userId, userId))).filter(
        (p) => p.message.title === truckName,
      ),
    });

    it('tells everyone going once, like a cancelled stop: open page, SMS and push; nobody else', async () => {
      const name = `Leaving Truck ${Math.random()}`;
      const truck = await openTruck(name);
      const [texted, pushed, bystander] = await Promise.all([
        server.signUp('customer'),
        server.signUp('customer'),
        server.signUp('customer'),
      ]);
      await subscribePush(pushed);
      await going(texted, truck.id);
      await going(pushed, truck.id);
      const page = await stream(texted);
      const bystanderPage = await stream(bystander);
      // Refusals first: they change nothing and tell nobody.
      expect((await server.request('DELETE', `/api/food-trucks/${truck.id}`)).status).toBe(401);
      expect(
        (await server.request('DELETE', `/api/food-trucks/${truck.id}`, { token: diner.token })).status,
      ).toBe(403);
      expect(
        (await server.request('DELETE', `/api/food-trucks/${truck.id}`, { token: other.token })).status,
      ).toBe(404);
      expect(
        await server.db.select().from(goingNotices).where(eq(goingNotices.foodTruckId, truck.id)),
      ).toHaveLength(0);
      expect(await rowsOf(truck.id)).toHaveLength(2);

      const del = await server.request('DELETE', `/api/food-trucks/${truck.id}`, { token: owner.token });
      expect(del.status).toBe(200);
      const message = `${name} is no longer on Food Truck Finder, so its stop at ${PLACE.address} is cancelled.`;
      const notice = goingNoticeSchema.parse(
        JSON.parse((await page.waitFor((f) => f.event === 'notice')).data ?? '{}'),
      );
      expect(notice).toEqual({
        id: expect.any(Number),
        truckId: truck.id,
        kind: 'cancelled',
        message,
        address: null,
        latitude: null,
        longitude: null,
      });
      for (const user of [texted, pushed]) {
        const { texts } = await sentTo(user.user.id, name);
        expect(texts).toHaveLength(1);
        expect(texts[0]?.body).toContain(message);
        // The link goes to the map, not to the truck that is gone.
        expect(texts[0]?.body).toContain(`${server.url}/find-trucks\n`);
      }
      const { pushes } = await sentTo(pushed.user.id, name);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]?.message).toMatchObject({ kind: 'going', body: message, url: '/find-trucks' });
      expect((await sentTo(texted.user.id, name)).pushes).toHaveLength(0);
      await new Promise((r) => setTimeout(r, 200));
      expect(bystanderPage.frames.some((f) => f.event === 'notice')).toBe(false);
      expect((await sentTo(bystander.user.id, name)).texts).toHaveLength(0);
      expect(await rowsOf(truck.id)).toHaveLength(0);
      expect(
        await server.db.select().from(goingNotices).where(eq(goingNotices.foodTruckId, truck.id)),
      ).toHaveLength(1);
    });

    it("an admin deleting the operator's account tells the diners going to each of its trucks", async () => {
      const leaving = await server.signUpSubscribedOperator();
      const names = [`Gone A ${Math.random()}`, `Gone B ${Math.random()}`];
      const trucks = await Promise.all(
        names.map((name) => insertTruck(server.db, leaving.user.id, { name, ...PLACE, isOpen: true })),
      );
      const goer = await server.signUp('customer');
      for (const truck of trucks) expect((await going(goer, truck.id)).status).toBe(200);
      const del = await server.request('DELETE', `/api/admin/operators/${leaving.user.id}`, {
        token: admin.token,
      });
      expect(del.status).toBe(200);
      for (const name of names) expect((await sentTo(goer.user.id, name)).texts).toHaveLength(1);
      const notices = await server.db
        .select()
        .from(goingNotices)
        .where(
          inArray(
            goingNotices.foodTruckId,
            trucks.map((t) => t.id),
          ),
        );
      expect(notices.map((n) => n.recipientIds)).toEqual([[goer.user.id], [goer.user.id]]);
    });
  });
});
