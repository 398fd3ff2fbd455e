import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@shared/contracts';
import { DEMAND_MIN_DINERS, type DemandGrid, type TruckInsights } from '@shared/contracts/insights';
import { cellBounds, cellOf } from '@shared/utils/demand-grid';
import { insightDaily, insightEvents, smsOutbox } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';
import { insightsRollup } from '../../workers/insights';

/** The fixed clock of every read and the rollup: insights counts are checked against a seeded history. */
const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (n: number, hour = 10) => new Date(Date.UTC(2026, 2, 15 - n, hour));

/** The clock of reads and recording: NOW unless a test moves it (and puts it back). */
let clock = NOW;
let server: TestServer;
let owner: AuthResponse;
let other: AuthResponse;
let customer: AuthResponse;
let admin: AuthResponse;

beforeAll(async () => {
  server = await startTestServer({ insightsClock: () => clock });
  [owner, other, customer, admin] = await Promise.all([
    server.signUpSubscribedOperator(),
    server.signUpSubscribedOperator(),
    server.signUp('customer'),
    server.signUpAdmin(),
  ]);
});
afterAll(() => server.close());

async function seed(
  truckId: number | null,
  kind: string,
  at: Date,
  count: number,
  extra: Partial<typeof insightEvents.$inferInsert> = {},
) {
  await server.db.insert(insightEvents).values(
    Array.from({ length: count }, (_, i) => ({
      occurredAt: at,
      kind,
      foodTruckId: truckId,
      visitor: `u:${9000 + i}`,
      ...extra,
    })),
  );
}
/** A text about the truck the SMS outbox sent at `sentAt`. */
const sentText = (truckId: number, sentAt: Date) =>
  server.db.insert(smsOutbox).values({
    userId: customer.user.id,
    foodTruckId: truckId,
    toPhone: customer.user.phone ?? '',
    body: 'Hi',
    status: 'sent',
    sentAt,
  });
const insights = (session: AuthResponse | undefined, truckId: number, days = 7) =>
  server.request<TruckInsights & { message?: string }>(
    'GET',
    `/api/food-trucks/${truckId}/insights?days=${days}`,
    { token: session?.token },
  );
const totals = (body: TruckInsights) => Object.fromEntries(body.series.map((s) => [s.kind, s.total]));
const rawOf = (truckId: number) =>
  server.db.select().from(insightEvents).where(eq(insightEvents.foodTruckId, truckId));

describe('insights per day (fixed clock)', () => {
  it('counts match a seeded history exactly over 7, 30 and 90 days, before and after the rollup', async () => {
    const truck = await insertTruck(server.db, owner.user.id, {
      name: 'Insight Truck',
      latitude: 30.1,
      longitude: -97.1,
    });
    await seed(truck.id, 'page_view', daysAgo(0), 3);
    await seed(truck.id, 'card_view', daysAgo(1), 2);
    await seed(truck.id, 'card_view', daysAgo(6), 1);
    await seed(truck.id, 'menu_open', daysAgo(10), 5);
    await seed(truck.id, 'favorite_gained', daysAgo(40), 4);
    await seed(truck.id, 'favorite_lost', daysAgo(40), 1);
    await seed(truck.id, 'going', daysAgo(2), 2, { detail: '6th & Congress' });
    await seed(truck.id, 'going', daysAgo(3), 1, { detail: 'UT Campus' });
    await seed(truck.id, 'voice_named', daysAgo(7), 6); // the 8th day back: outside 7 days
    await seed(truck.id, 'page_view', daysAgo(120), 7); // older than the raw retention
    await sentText(truck.id, daysAgo(2));

    const check = async () => {
      const week = await insights(owner, truck.id, 7);
      expect(week.status).toBe(200);
      expect(week.body.from).toBe('2026-03-09');
      expect(week.body.to).toBe('2026-03-15');
      expect(totals(week.body)).toEqual({
        card_view: 3,
        page_view: 3,
        menu_open: 0,
        favorite_gained: 0,
        favorite_lost: 0,
        going: 3,
        voice_named: 0,
        push_sent: 0,
        sms_sent: 1,
      });
      const cards = week.body.series.find((s) => s.kind === 'card_view');
      expect(cards?.daily).toHaveLength(7);
      expect(cards?.daily.filter((d) => d.count > 0)).toEqual([
        { day: '2026-03-09', count: 1 },
        { day: '2026-03-14', count: 2 },
      ]);
      expect(week.body.goingPerStop).toEqual([
        { address: '6th & Congress', count: 2 },
        { address: 'UT Campus', count: 1 },
      ]);
      const month = totals((await insights(owner, truck.id, 30)).body);
      expect(month).toMatchObject({ menu_open: 5, voice_named: 6, favorite_gained: 0, page_view: 3 });
      const quarter = totals((await insights(owner, truck.id, 90)).body);
      expect(quarter).toMatchObject({ favorite_gained: 4, favorite_lost: 1, page_view: 3, card_view: 3 });
    };
    await check();
    expect(await insightsRollup.run(server.workerContext, NOW)).toBeGreaterThanOrEqual(7);
    // The raw events past 90 days are gone, rolled up first; the counts read the same.
    expect(
      (await rawOf(truck.id)).filter((r) => r.occurredAt < new Date(NOW.getTime() - 90 * DAY)),
    ).toHaveLength(0);
    const rolled = await server.db.select().from(insightDaily).where(eq(insightDaily.foodTruckId, truck.id));
    expect(rolled).toContainEqual({ day: '2025-11-15', foodTruckId: truck.id, kind: 'page_view', count: 7 });
    expect(rolled.some((r) => r.day === '2026-03-15')).toBe(false); // today is not complete
    await check();
    // The rollup is idempotent.
    await insightsRollup.run(server.workerContext, NOW);
    await check();
  });

  it('exports CSV: a header, one row per day, one column per series', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { name: 'CSV Truck' });
    await seed(truck.id, 'menu_open', daysAgo(0), 2);
    const res = await fetch(`${server.url}/api/food-trucks/${truck.id}/insights.csv?days=7`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="truck-${truck.id}-insights-7d.csv"`,
    );
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,card_view,page_view,menu_open,favorite_gained,favorite_lost,going,voice_named,push_sent,sms_sent',
    );
    expect(lines).toHaveLength(8);
    expect(lines[7]).toBe('2026-03-15,0,0,2,0,0,0,0,0,0');
  });

  it('only the truck’s operator and admins read them; bad periods are 400; nothing changes', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { name: 'Private Truck' });
    expect((await insights(admin, truck.id)).status).toBe(200);
    expect((await insights(other, truck.id)).status).toBe(404);
    expect((await insights(customer, truck.id)).status).toBe(403);
    expect((await insights(undefined, truck.id)).status).toBe(401);
    const bad = await server.request<{ message: string }>(
      'GET',
      `/api/food-trucks/${truck.id}/insights?days=8`,
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
    expect(
      (await server.request('GET', `/api/food-trucks/${truck.id}/insights.csv`, { token: other.token }))
        .status,
    ).toBe(404);
  });
});

describe("the truck's local days (two zones, around their midnights and a DST change)", () => {
  // 2026-11-01 is the day Los Angeles falls back (a 25-hour day: 07:00Z to 08:00Z the next day);
  // Kolkata is UTC+5:30 all year, so its midnight falls on no UTC hour.
  const utc = (iso: string) => new Date(`${iso}Z`);
  const daily = (body: TruckInsights, kind: string) =>
    Object.fromEntries(
      (body.series.find((s) => s.kind === kind)?.daily ?? [])
        .filter((d) => d.count > 0)
        .map((d) => [d.day, d.count]),
    );
  const rolledUp = async (truckId: number) =>
    Object.fromEntries(
      (await server.db.select().from(insightDaily).where(eq(insightDaily.foodTruckId, truckId))).map((r) => [
        `${r.day} ${r.kind}`,
        r.count,
      ]),
    );
  const at = async (moment: Date, read: () => Promise<void>) => {
    clock = moment;
    try {
      await read();
    } finally {
      clock = NOW;
    }
  };

  it('counts per local day, rolls a day up only once it has ended in that zone, and never counts an event twice', async () => {
    const la = await insertTruck(server.db, owner.user.id, {
      name: 'LA Local Days',
      timeZone: 'America/Los_Angeles',
    });
    const kolkata = await insertTruck(server.db, owner.user.id, {
      name: 'Kolkata Local Days',
      timeZone: 'Asia/Kolkata',
    });
    await seed(la.id, 'page_view', utc('2026-11-01T06:30'), 1); // Oct 31, 23:30 PDT
    await seed(la.id, 'page_view', utc('2026-11-01T07:30'), 1); // Nov 1, 00:30 PDT
    await seed(la.id, 'page_view', utc('2026-11-02T07:00'), 1); // Nov 1, 23:00 PST (a UTC Nov 2)
    await sentText(la.id, utc('2026-11-02T07:10')); // Nov 1, 23:10 PST
    await seed(kolkata.id, 'page_view', utc('2026-11-01T18:00'), 1); // Nov 1, 23:30 IST
    await seed(kolkata.id, 'page_view', utc('2026-11-01T18:45'), 1); // Nov 2, 00:15 IST (a UTC Nov 1)

    // Nov 1, 23:30 in Los Angeles; Nov 2, 13:00 in Kolkata.
    const t1 = utc('2026-11-02T07:30');
    const expectAtT1 = async () => {
      const week = (await insights(owner, la.id, 7)).body;
      expect(week).toMatchObject({ from: '2026-10-26', to: '2026-11-01', timeZone: 'America/Los_Angeles' });
      expect(daily(week, 'page_view')).toEqual({ '2026-10-31': 1, '2026-11-01': 2 });
      expect(daily(week, 'sms_sent')).toEqual({ '2026-11-01': 1 });
      const east = (await insights(owner, kolkata.id, 7)).body;
      expect(east).toMatchObject({ from: '2026-10-27', to: '2026-11-02', timeZone: 'Asia/Kolkata' });
      expect(daily(east, 'page_view')).toEqual({ '2026-11-01': 1, '2026-11-02': 1 });
    };
    await at(t1, expectAtT1);
    await insightsRollup.run(server.workerContext, t1);
    // Los Angeles's Nov 1 has not ended: only Oct 31 is rolled up; Kolkata's Nov 1 has ended.
    expect(await rolledUp(la.id)).toEqual({ '2026-10-31 page_view': 1 });
    expect(await rolledUp(kolkata.id)).toEqual({ '2026-11-01 page_view': 1 });
    await at(t1, expectAtT1);

    // The CSV has the same local days.
    await at(t1, async () => {
      const res = await fetch(`${server.url}/api/food-trucks/${la.id}/insights.csv?days=7`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const lines = (await res.text()).trim().split('\r\n');
      expect(lines.slice(-2)).toEqual(['2026-10-31,0,1,0,0,0,0,0,0,0', '2026-11-01,0,2,0,0,0,0,0,0,1']);
    });

    // An event of Nov 1 flushed late, after the first rollup, and one of Nov 2 (00:30 PST).
    await seed(la.id, 'page_view', utc('2026-11-02T07:59'), 1);
    await seed(la.id, 'page_view', utc('2026-11-02T08:30'), 1);
    // Nov 2, 01:00 in Los Angeles: its 25-hour Nov 1 has ended.
    const t2 = utc('2026-11-02T09:00');
    const expectAtT2 = async () => {
      const week = (await insights(owner, la.id, 7)).body;
      expect(week.to).toBe('2026-11-02');
      expect(daily(week, 'page_view')).toEqual({ '2026-10-31': 1, '2026-11-01': 3, '2026-11-02': 1 });
      expect(daily((await insights(owner, kolkata.id, 7)).body, 'page_view')).toEqual({
        '2026-11-01': 1,
        '2026-11-02': 1,
      });
    };
    await at(t2, expectAtT2);
    for (let run = 0; run < 2; run++) {
      await insightsRollup.run(server.workerContext, t2);
      expect(await rolledUp(la.id)).toEqual({ '2026-10-31 page_view': 1, '2026-11-01 page_view': 3 });
      expect(await rolledUp(kolkata.id)).toEqual({ '2026-11-01 page_view': 1 });
      await at(t2, expectAtT2);
    }
    expect((await rawOf(la.id)).filter((r) => !r.rolled).map((r) => r.occurredAt)).toEqual([
      utc('2026-11-02T08:30'),
    ]);
  });

  it('deletes raw events older than 90 local days, after rolling them up', async () => {
    const la = await insertTruck(server.db, owner.user.id, {
      name: 'LA Retention',
      timeZone: 'America/Los_Angeles',
    });
    await seed(la.id, 'menu_open', utc('2026-08-03T06:30'), 1); // Aug 2, 23:30 PDT: 91 local days before Nov 1
    await seed(la.id, 'menu_open', utc('2026-08-03T07:30'), 1); // Aug 3, 00:30 PDT: 90 days before, kept
    await insightsRollup.run(server.workerContext, utc('2026-11-02T07:30')); // Nov 1, 23:30 PST
    expect((await rawOf(la.id)).map((r) => r.occurredAt)).toEqual([utc('2026-08-03T07:30')]);
    expect(await rolledUp(la.id)).toEqual({ '2026-08-02 menu_open': 1, '2026-08-03 menu_open': 1 });
  });
});

describe('recording (off the request path) and privacy', () => {
  const view = (session: AuthResponse | undefined, truckId: number, headers: Record<string, string> = {}) =>
    server.request('POST', '/api/insights/views', {
      token: session?.token,
      headers,
      body: {
        views: [
          { truckId, kind: 'card_view' },
          { truckId, kind: 'menu_open' },
        ],
      },
    });

  it('buffers views and writes them in a batch; DNT, Sec-GPC, "Don\'t count my visits" and operators are never counted', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { name: 'Counted Truck' });
    expect((await view(customer, truck.id)).status).toBe(204);
    expect((await view(undefined, truck.id)).status).toBe(204);
    // Nothing is written on the request path…
    expect(await rawOf(truck.id)).toHaveLength(0);
    // …until the flush.
    await server.app.insights.flush(server.db);
    const written = await rawOf(truck.id);
    expect(written.map((r) => r.kind).sort()).toEqual(['card_view', 'card_view', 'menu_open', 'menu_open']);
    expect(written.filter((r) => r.visitor === `u:${customer.user.id}`)).toHaveLength(2);
    expect(written.every((r) => r.occurredAt.getTime() === NOW.getTime())).toBe(true);

    const quiet = await server.signUp('customer');
    const off = await server.request<{ countMyVisits: boolean }>(
      'PUT',
      '/api/auth/user/insights-preferences',
      { token: quiet.token, body: { countMyVisits: false } },
    );
    expect(off.body).toEqual({ countMyVisits: false });
    expect(
      (await server.request('GET', '/api/auth/user/insights-preferences', { token: quiet.token })).body,
    ).toEqual({ countMyVisits: false });
    await view(quiet, truck.id);
    await view(customer, truck.id, { DNT: '1' });
    await view(undefined, truck.id, { 'Sec-GPC': '1' });
    await view(owner, truck.id);
    await view(other, truck.id);
    await server.app.insights.flush(server.db);
    expect(await rawOf(truck.id)).toHaveLength(4);
  });

  it('refuses bad views with 400 and records nothing', async () => {
    for (const body of [
      { views: [] },
      { views: [{ truckId: 1, kind: 'spy' }] },
      { views: [{ truckId: -1, kind: 'card_view' }] },
      {},
    ]) {
      expect((await server.request('POST', '/api/insights/views', { body })).status).toBe(400);
    }
    expect(server.app.insights.size).toBe(0);
  });

  it('a search near a position keeps only its grid cell, once per diner and cell', async () => {
    const position = { lat: 30.2672, lng: -97.7431 };
    for (let i = 0; i < 3; i++)
      await server.request('GET', `/api/food-trucks/active?lat=${position.lat}&lng=${position.lng}`, {
        token: customer.token,
      });
    await server.request('GET', `/api/food-trucks/active?lat=${position.lat}&lng=${position.lng}`, {
      token: owner.token,
    });
    await server.app.insights.flush(server.db);
    const rows = await server.db
      .select()
      .from(insightEvents)
      .where(and(eq(insightEvents.kind, 'search'), eq(insightEvents.visitor, `u:${customer.user.id}`)));
    const cell = cellOf(position.lat, position.lng);
    expect(rows).toEqual([
      expect.objectContaining({ cellLat: cell.row, cellLng: cell.col, foodTruckId: null }),
    ]);
    expect(
      await server.db
        .select()
        .from(insightEvents)
        .where(eq(insightEvents.visitor, `u:${owner.user.id}`)),
    ).toHaveLength(0);
  });
});

describe('demand map', () => {
  it('shows only cells with at least 10 distinct diners near the operator’s places, never its own views', async () => {
    const operator = await server.signUpSubscribedOperator();
    const spot = { latitude: 45.5, longitude: -122.6 };
    await insertTruck(server.db, operator.user.id, { name: 'Demand Truck', ...spot });
    const near = cellOf(spot.latitude + 0.01, spot.longitude);
    const under = cellOf(spot.latitude - 0.01, spot.longitude);
    const own = cellOf(spot.latitude, spot.longitude + 0.01);
    const far = cellOf(spot.latitude + 1, spot.longitude);
    const searches = async (cell: { row: number; col: number }, visitors: string[], at = daysAgo(1)) =>
      server.db.insert(insightEvents).values(
        visitors.map((visitor) => ({
          occurredAt: at,
          kind: 'search',
          visitor,
          cellLat: cell.row,
          cellLng: cell.col,
        })),
      );
    const diners = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `a:${tag}${i}`);
    await searches(near, [...diners(DEMAND_MIN_DINERS, 'n'), ...diners(3, 'n')]); // 10 distinct, 13 searches
    await searches(under, [...diners(DEMAND_MIN_DINERS - 1, 'u'), ...diners(DEMAND_MIN_DINERS - 1, 'u')]); // 9 distinct, 18 searches
    await searches(own, [...diners(DEMAND_MIN_DINERS - 1, 'o'), `u:${operator.user.id}`]); // 9 diners + the operator
    await searches(far, diners(20, 'f'));
    await searches(near, diners(5, 'old'), daysAgo(20)); // outside 7 days

    const res = await server.request<DemandGrid>(
      'GET',
      `/api/operators/${operator.user.id}/insights/demand?days=7`,
      { token: operator.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ days: 7, cellMeters: 500, minDiners: DEMAND_MIN_DINERS });
    expect(res.body.cells).toEqual([{ ...cellBounds(near.row, near.col), diners: DEMAND_MIN_DINERS }]);
    // Over 30 days the older searches join the same cell; the cells under the threshold still never appear.
    const month = await server.request<DemandGrid>(
      'GET',
      `/api/operators/${operator.user.id}/insights/demand?days=30`,
      { token: operator.token },
    );
    expect(month.body.cells.map((c) => c.diners)).toEqual([DEMAND_MIN_DINERS + 5]);
    for (const cell of [under, own, far]) {
      const b = cellBounds(cell.row, cell.col);
      expect(month.body.cells.some((c) => c.latitude === b.latitude && c.longitude === b.longitude)).toBe(
        false,
      );
    }
    // Nothing in the answer names a diner.
    expect(JSON.stringify(month.body)).not.toMatch(/"a:|u:/);
    expect(
      (
        await server.request('GET', `/api/operators/${operator.user.id}/insights/demand`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await server.request('GET', `/api/operators/${operator.user.id}/insights/demand`, {
          token: customer.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.request('GET', `/api/operators/${operator.user.id}/insights/demand`, {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    await server.db.delete(insightEvents).where(inArray(insightEvents.kind, ['search']));
  });
});
