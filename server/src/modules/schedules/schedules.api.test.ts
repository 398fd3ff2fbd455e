import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, FoodTruck } from '@shared/contracts';
import { NULL_ISLAND_MESSAGE } from '@shared/contracts/trucks';
import type {
  Occurrences,
  ScheduledTruck,
  ScheduleStop,
  TruckSchedule,
  UpcomingStops,
} from '@shared/contracts/schedules';
import { foodTrucks, truckEvents, truckScheduleExceptions, truckScheduleStops } from '../../db/schema';
import { dbFingerprint } from '../../test/db-fingerprint';
import { stopUnderWayNow } from '../../test/schedules';
import { DateTime } from 'luxon';
import { signUpCast, startTestServer, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';

let server: TestServer;
let owner: AuthResponse,
  unpaid: AuthResponse,
  other: AuthResponse,
  customer: AuthResponse,
  admin: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, unpaid, other, customer, admin } = await signUpCast(server));
});
afterAll(() => server.close());

type StopRes = ScheduleStop & ErrorResponse;
const PLACE = { latitude: 30.2686, longitude: -97.7452, address: '6th & Congress' };
const tuesday = { kind: 'weekly', weekday: 2, startTime: '11:00', endTime: '14:00', ...PLACE };

/** A fresh truck of `session` (each test owns its truck, so tests pass in any order). */
async function newTruck(session: AuthResponse = owner) {
  return insertTruck(server.db, session.user.id, { name: `Sched ${Math.random()}` });
}
const stopsPath = (truckId: number) => `/api/food-trucks/${truckId}/schedule/stops`;
async function addStop(truckId: number, body: Record<string, unknown>, session: AuthResponse = owner) {
  return server.request<StopRes>('POST', stopsPath(truckId), { token: session.token, body });
}
async function mustAdd(truckId: number, body: Record<string, unknown>) {
  const res = await addStop(truckId, body);
  if (res.status !== 201) throw new Error(`add failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const storedStops = (truckId: number) =>
  server.db.select().from(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, truckId));
const occurrences = async (truckId: number, query: string, token?: string) =>
  server.request<Occurrences & ErrorResponse>('GET', `/api/food-trucks/${truckId}/schedule?${query}`, {
    token,
  });

describe('late-night stops (issue 27)', () => {
  const saturdayNight = { kind: 'weekly', weekday: 6, startTime: '18:00', endTime: '02:00', ...PLACE };

  it('accepts Saturday 18:00–02:00 as a stop ending on Sunday, and shows it so', async () => {
    const truck = await newTruck();
    const res = await addStop(truck.id, saturdayNight);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ weekday: 6, startTime: '18:00', endTime: '02:00' });
    expect((await storedStops(truck.id)).map((s) => [s.startMinute, s.endMinute])).toEqual([[18 * 60, 26 * 60]]);
    // 2027-01-02 is a Saturday: the occurrence starts then and ends Sunday 02:00 in Chicago.
    const read = await occurrences(truck.id, 'from=2027-01-02&to=2027-01-04');
    expect(read.status).toBe(200);
    expect(read.body.occurrences).toMatchObject([
      {
        localDate: '2027-01-02',
        weekday: 6,
        startTime: '18:00',
        endTime: '02:00',
        start: '2027-01-02T18:00:00.000-06:00',
        end: '2027-01-03T02:00:00.000-06:00',
      },
    ]);
    // A window that opens on Sunday still holds Saturday's stop under way.
    const sunday = await occurrences(truck.id, `from=${encodeURIComponent('2027-01-03T01:00:00-06:00')}&to=2027-01-04`);
    expect(sunday.body.occurrences.map((o) => o.localDate)).toEqual(['2027-01-02']);
  });

  it('places the truck at its late-night stop on Sunday at 01:00 in the look-ahead, not at 02:00', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { name: `Night ${Math.random()}` });
    await mustAdd(truck.id, { ...saturdayNight, address: 'Rainey St', latitude: 30.2583, longitude: -97.7386 });
    const scheduled = async (at: string) =>
      server.request<ScheduledTruck[]>('GET', `/api/food-trucks/scheduled?at=${encodeURIComponent(at)}`);
    const oneAm = await scheduled('2027-01-03T01:00:00-06:00');
    expect(oneAm.status).toBe(200);
    expect(oneAm.body.find((t) => t.id === truck.id)).toMatchObject({
      address: 'Rainey St',
      scheduledStop: { startTime: '18:00', endTime: '02:00', localDate: '2027-01-02' },
    });
    const twoAm = await scheduled('2027-01-03T02:00:00-06:00');
    expect(twoAm.body.find((t) => t.id === truck.id)).toBeUndefined();
  });

  it('edits a day stop into a late-night one', async () => {
    const truck = await newTruck();
    const stop = await mustAdd(truck.id, { ...saturdayNight, startTime: '11:00', endTime: '14:00' });
    const res = await server.request<StopRes>('PUT', `${stopsPath(truck.id)}/${stop.id}`, {
      token: owner.token,
      body: saturdayNight,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: stop.id, startTime: '18:00', endTime: '02:00' });
    expect((await storedStops(truck.id))[0]).toMatchObject({ startMinute: 1080, endMinute: 1560 });
  });

  it('refuses equal start and end times on add and edit, changing nothing', async () => {
    const truck = await newTruck();
    const same = await addStop(truck.id, { ...saturdayNight, endTime: '18:00' });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      message: 'The stop must end after it starts',
      fieldErrors: { endTime: ['The stop must end after it starts'] },
    });
    expect(await storedStops(truck.id)).toHaveLength(0);
    const stop = await mustAdd(truck.id, saturdayNight);
    const before = await dbFingerprint(server.db);
    const edit = await server.request<StopRes>('PUT', `${stopsPath(truck.id)}/${stop.id}`, {
      token: owner.token,
      body: { ...saturdayNight, startTime: '02:00' },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('The stop must end after it starts');
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('refuses a stop that would end the next day more than 12 hours on (a slip: 2 PM–11 AM), and takes 2 PM–2 AM', async () => {
    const truck = await newTruck();
    const slip = await addStop(truck.id, { ...saturdayNight, startTime: '14:00', endTime: '11:00' });
    expect(slip.status).toBe(400);
    expect(slip.body.fieldErrors).toEqual({
      endTime: ['The end time is before the start, so the stop would end the next day: a stop past midnight can last at most 12 hours'],
    });
    expect(await storedStops(truck.id)).toHaveLength(0);
    expect((await addStop(truck.id, { ...saturdayNight, startTime: '14:00', endTime: '02:00' })).status).toBe(201);
  });

  it('refuses a stop at exactly 0, 0 (an empty form, not a place) on add, as the truck forms do', async () => {
    const truck = await newTruck();
    const sea = await addStop(truck.id, { ...saturdayNight, latitude: 0, longitude: 0 });
    expect(sea.status).toBe(400);
    expect(sea.body.fieldErrors).toEqual({ latitude: [NULL_ISLAND_MESSAGE], longitude: [NULL_ISLAND_MESSAGE] });
    expect(await storedStops(truck.id)).toHaveLength(0);
  });

  it("refuses a Sunday-morning stop that overlaps Saturday night's (409), and takes one after 02:00", async () => {
    const truck = await newTruck();
    await mustAdd(truck.id, saturdayNight);
    const clash = await addStop(truck.id, { ...saturdayNight, weekday: 7, startTime: '01:00', endTime: '03:00' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(
      'This stop overlaps the Saturday stop 6:00 PM–2:00 AM at 6th & Congress. A truck can be at one stop at a time.',
    );
    expect(await storedStops(truck.id)).toHaveLength(1);
    expect((await addStop(truck.id, { ...saturdayNight, weekday: 7, startTime: '02:00', endTime: '04:00' })).status).toBe(201);
  });
});

describe('adding stops', () => {
  it('adds a weekly stop in the default zone and lists it for the owner', async () => {
    const truck = await newTruck();
    const res = await addStop(truck.id, tuesday);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...tuesday, foodTruckId: truck.id, date: null, exceptions: [] });
    const list = await server.request<TruckSchedule>('GET', stopsPath(truck.id), { token: owner.token });
    expect(list.status).toBe(200);
    const { underWay, ...schedule } = list.body;
    expect(schedule).toEqual({ truckId: truck.id, timeZone: 'America/Chicago', stops: [res.body] });
    // The stop under way by the server's clock: this one on Tuesdays 11:00–14:00 in Chicago, else none.
    expect([null, res.body.id]).toContain(underWay?.stopId ?? null);
  });

  it('publishes the truck as updated in the same transaction, leaving lastUpdated alone', async () => {
    const truck = await newTruck();
    await mustAdd(truck.id, tuesday);
    const [event] = await server.db.select().from(truckEvents).orderBy(desc(truckEvents.id)).limit(1);
    expect(event).toMatchObject({ type: 'updated', truckId: truck.id });
    expect((event?.payload as { lastUpdated: string }).lastUpdated).toBe(truck.lastUpdated.toISOString());
  });

  it('lets an operator without a subscription plan stops (like editing a truck)', async () => {
    const truck = await newTruck(unpaid);
    expect((await addStop(truck.id, tuesday, unpaid)).status).toBe(201);
  });

  it.each([
    [{ ...tuesday, kind: 'daily' }, 'Kind must be weekly or once'],
    [{ ...tuesday, weekday: 8 }, 'Weekday must be a number from 1 (Monday) to 7 (Sunday)'],
    [{ ...tuesday, weekday: undefined }, 'Weekday must be a number from 1 (Monday) to 7 (Sunday)'],
    [{ ...tuesday, startTime: '25:00' }, 'Start time must be a time like 11:30 (00:00–24:00)'],
    [{ ...tuesday, endTime: '11:00' }, 'The stop must end after it starts'],
    [{ ...tuesday, address: '  ' }, 'Address is required: diners see it as "at …"'],
    [{ ...tuesday, latitude: 91 }, 'Latitude must be between -90 and 90'],
    [
      { ...tuesday, kind: 'once', weekday: undefined, date: '2027-02-30' },
      'Date must be a real calendar date',
    ],
    [
      { ...tuesday, kind: 'once', weekday: undefined, date: '27/02/2027' },
      'Date must be a date like 2026-11-27',
    ],
    [
      { ...tuesday, kind: 'once', weekday: undefined, date: '2020-01-07' },
      'A one-off stop cannot be in the past',
    ],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, message) => {
    const truck = await newTruck();
    const res = await addStop(truck.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await storedStops(truck.id)).toHaveLength(0);
  });
});

describe('overlaps', () => {
  it('refuses a weekly stop that overlaps another on the same weekday with 409, allows touching ends', async () => {
    const truck = await newTruck();
    await mustAdd(truck.id, tuesday);
    const clash = await addStop(truck.id, {
      ...tuesday,
      startTime: '13:00',
      endTime: '15:00',
      address: 'Elsewhere',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(
      'This stop overlaps the Tuesday stop 11:00 AM–2:00 PM at 6th & Congress. A truck can be at one stop at a time.',
    );
    expect((await addStop(truck.id, { ...tuesday, startTime: '14:00', endTime: '16:00' })).status).toBe(201);
    expect((await addStop(truck.id, { ...tuesday, weekday: 3 })).status).toBe(201);
    expect(await storedStops(truck.id)).toHaveLength(3);
  });

  it('refuses a one-off stop on a weekly stop, unless that date is an exception — then keeps the exception', async () => {
    const truck = await newTruck();
    const weekly = await mustAdd(truck.id, tuesday);
    const once = {
      ...tuesday,
      kind: 'once',
      weekday: undefined,
      date: '2027-01-05',
      startTime: '12:00',
      endTime: '13:00',
    };
    const clash = await addStop(truck.id, once);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('overlaps the Tuesday stop 11:00 AM–2:00 PM');

    const skip = await server.request<StopRes>('POST', `${stopsPath(truck.id)}/${weekly.id}/exceptions`, {
      token: owner.token,
      body: { date: '2027-01-05' },
    });
    expect(skip.status).toBe(200);
    expect(skip.body.exceptions).toEqual(['2027-01-05']);
    expect((await addStop(truck.id, once)).status).toBe(201);

    // Restoring the weekly stop on that date would clash with the one-off now.
    const restore = await server.request<StopRes>(
      'DELETE',
      `${stopsPath(truck.id)}/${weekly.id}/exceptions/2027-01-05`,
      { token: owner.token },
    );
    expect(restore.status).toBe(409);
    expect(restore.body.message).toBe(
      'This stop overlaps the stop on Jan 5, 2027 12:00 PM–1:00 PM at 6th & Congress. A truck can be at one stop at a time.',
    );
  });

  it('refuses two one-off stops at the same time on one date, and an edit that would overlap', async () => {
    const truck = await newTruck();
    const once = { ...PLACE, kind: 'once', date: '2027-01-08', startTime: '09:00', endTime: '10:00' };
    await mustAdd(truck.id, once);
    expect((await addStop(truck.id, { ...once, startTime: '09:30', endTime: '11:00' })).status).toBe(409);
    const later = await mustAdd(truck.id, { ...once, startTime: '10:00', endTime: '11:00' });
    const edit = await server.request<StopRes>('PUT', `${stopsPath(truck.id)}/${later.id}`, {
      token: owner.token,
      body: { ...once, startTime: '09:45', endTime: '11:00' },
    });
    expect(edit.status).toBe(409);
    // Editing a stop in place never clashes with itself.
    const same = await server.request<StopRes>('PUT', `${stopsPath(truck.id)}/${later.id}`, {
      token: owner.token,
      body: { ...once, startTime: '10:00', endTime: '12:00', address: 'Zilker Park' },
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ startTime: '10:00', endTime: '12:00', address: 'Zilker Park' });
  });
});

describe('expansion', () => {
  it('expands weekly and one-off stops in start order, skipping exceptions, including a stop under way', async () => {
    const truck = await newTruck();
    const weekly = await mustAdd(truck.id, tuesday);
    await mustAdd(truck.id, {
      ...PLACE,
      kind: 'once',
      date: '2027-01-07',
      startTime: '17:00',
      endTime: '24:00',
      address: 'Night market',
    });
    await server.request('POST', `${stopsPath(truck.id)}/${weekly.id}/exceptions`, {
      token: owner.token,
      body: { date: '2027-01-12' },
    });
    const res = await occurrences(truck.id, 'from=2027-01-05T12:00:00-06:00&to=2027-01-20');
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Chicago');
    expect(res.body.occurrences.map((o) => [o.localDate, o.start, o.end, o.address])).toEqual([
      ['2027-01-05', '2027-01-05T11:00:00.000-06:00', '2027-01-05T14:00:00.000-06:00', '6th & Congress'],
      ['2027-01-07', '2027-01-07T17:00:00.000-06:00', '2027-01-08T00:00:00.000-06:00', 'Night market'],
      ['2027-01-19', '2027-01-19T11:00:00.000-06:00', '2027-01-19T14:00:00.000-06:00', '6th & Congress'],
    ]);
    expect(res.body.occurrences[0]).toMatchObject({
      weekday: 2,
      startTime: '11:00',
      endTime: '14:00',
      kind: 'weekly',
    });
  });

  it('keeps wall-clock hours across both DST changes of America/Chicago', async () => {
    const truck = await newTruck();
    await mustAdd(truck.id, { ...tuesday, weekday: 7 });
    const spring = await occurrences(truck.id, 'from=2027-03-07&to=2027-03-15');
    expect(spring.body.occurrences.map((o) => [o.start, new Date(o.start).toISOString()])).toEqual([
      ['2027-03-07T11:00:00.000-06:00', '2027-03-07T17:00:00.000Z'],
      ['2027-03-14T11:00:00.000-05:00', '2027-03-14T16:00:00.000Z'],
    ]);
    const autumn = await occurrences(truck.id, 'from=2027-10-31&to=2027-11-08');
    expect(autumn.body.occurrences.map((o) => new Date(o.end).toISOString())).toEqual([
      '2027-10-31T19:00:00.000Z',
      '2027-11-07T20:00:00.000Z',
    ]);
  });

  it("moves with the truck's time zone: stops keep their local hours", async () => {
    const truck = await newTruck();
    await mustAdd(truck.id, tuesday);
    const tz = await server.request<TruckSchedule & ErrorResponse>(
      'PUT',
      `/api/food-trucks/${truck.id}/schedule/time-zone`,
      {
        token: owner.token,
        body: { timeZone: 'Europe/Berlin' },
      },
    );
    expect(tz.status).toBe(200);
    expect(tz.body.timeZone).toBe('Europe/Berlin');
    const res = await occurrences(truck.id, 'from=2027-01-05&to=2027-01-06');
    expect(res.body.occurrences.map((o) => o.start)).toEqual(['2027-01-05T11:00:00.000+01:00']);
    const bad = await server.request<ErrorResponse>(
      'PUT',
      `/api/food-trucks/${truck.id}/schedule/time-zone`,
      {
        token: owner.token,
        body: { timeZone: 'Mars/Olympus_Mons' },
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please choose a time zone such as America/Chicago');
  });

  it('defaults to the next 7 days from now and refuses bad windows with 400', async () => {
    const truck = await newTruck();
    await mustAdd(truck.id, tuesday);
    const res = await occurrences(truck.id, '');
    expect(res.status).toBe(200);
    expect(new Date(res.body.to).getTime() - new Date(res.body.from).getTime()).toBe(7 * 86_400_000);
    // One Tuesday, or two when now is inside Tuesday's stop (this week's and next week's).
    expect(res.body.occurrences.length).toBeGreaterThanOrEqual(1);
    expect(res.body.occurrences.length).toBeLessThanOrEqual(2);
    for (const [query, status] of [
      ['from=2027-01-10&to=2027-01-05', 400],
      ['from=2027-01-01&to=2027-06-01', 400],
      ['from=yesterday', 400],
      ['from=2027-13-01', 400],
    ] as const) {
      const bad = await occurrences(truck.id, query);
      expect(bad.status, query).toBe(status);
      expect(typeof bad.body.message).toBe('string');
    }
  });
});

describe('exceptions', () => {
  it('accepts only dates on the weekly stop’s weekday, not on one-off stops; removing restores the date', async () => {
    const truck = await newTruck();
    const weekly = await mustAdd(truck.id, tuesday);
    const once = await mustAdd(truck.id, {
      ...PLACE,
      kind: 'once',
      date: '2027-02-01',
      startTime: '08:00',
      endTime: '09:00',
    });
    const path = (id: number) => `${stopsPath(truck.id)}/${id}/exceptions`;
    const wrongDay = await server.request<ErrorResponse>('POST', path(weekly.id), {
      token: owner.token,
      body: { date: '2027-01-06' },
    });
    expect(wrongDay.status).toBe(400);
    expect(wrongDay.body.message).toBe('Jan 6, 2027 is not a Tuesday');
    const onOnce = await server.request<ErrorResponse>('POST', path(once.id), {
      token: owner.token,
      body: { date: '2027-02-01' },
    });
    expect(onOnce.status).toBe(400);
    await server.request('POST', path(weekly.id), { token: owner.token, body: { date: '2027-01-12' } });
    const twice = await server.request<StopRes>('POST', path(weekly.id), {
      token: owner.token,
      body: { date: '2027-01-12' },
    });
    expect(twice.body.exceptions).toEqual(['2027-01-12']);
    expect((await occurrences(truck.id, 'from=2027-01-12&to=2027-01-13')).body.occurrences).toHaveLength(0);

    const restore = await server.request<StopRes>('DELETE', `${path(weekly.id)}/2027-01-12`, {
      token: owner.token,
    });
    expect(restore.status).toBe(200);
    expect(restore.body.exceptions).toEqual([]);
    expect((await occurrences(truck.id, 'from=2027-01-12&to=2027-01-13')).body.occurrences).toHaveLength(1);
    expect(
      (await server.request('DELETE', `${path(weekly.id)}/2027-01-12`, { token: owner.token })).status,
    ).toBe(404);
    expect(
      (await server.request('DELETE', `${path(weekly.id)}/not-a-date`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('deleting a stop deletes its exceptions', async () => {
    const truck = await newTruck();
    const weekly = await mustAdd(truck.id, tuesday);
    await server.request('POST', `${stopsPath(truck.id)}/${weekly.id}/exceptions`, {
      token: owner.token,
      body: { date: '2027-01-12' },
    });
    const res = await server.request('DELETE', `${stopsPath(truck.id)}/${weekly.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(await storedStops(truck.id)).toHaveLength(0);
    const left = await server.db
      .select()
      .from(truckScheduleExceptions)
      .where(eq(truckScheduleExceptions.stopId, weekly.id));
    expect(left).toHaveLength(0);
  });
});

describe('who may call what', () => {
  it('admits the owner and admins; anonymous 401, customers 403, other operators 404 — nothing changes', async () => {
    const truck = await newTruck();
    const stop = await mustAdd(truck.id, tuesday);
    const eventsBefore = (await server.db.select({ id: truckEvents.id }).from(truckEvents)).length;
    const calls: [string, string, unknown][] = [
      ['GET', stopsPath(truck.id), undefined],
      ['POST', stopsPath(truck.id), { ...tuesday, weekday: 5 }],
      ['PUT', `${stopsPath(truck.id)}/${stop.id}`, { ...tuesday, weekday: 5 }],
      ['DELETE', `${stopsPath(truck.id)}/${stop.id}`, undefined],
      ['POST', `${stopsPath(truck.id)}/${stop.id}/exceptions`, { date: '2027-01-12' }],
      ['PUT', `/api/food-trucks/${truck.id}/schedule/time-zone`, { timeZone: 'Europe/Paris' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await server.request(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
      expect(
        (await server.request(method, path, { body, token: customer.token })).status,
        `${method} ${path}`,
      ).toBe(403);
      const res = await server.request<ErrorResponse>(method, path, { body, token: other.token });
      expect(res.status, `${method} ${path} other operator`).toBe(404);
      expect(res.body.message).toBe('Food truck not found');
    }
    expect(await storedStops(truck.id)).toEqual([expect.objectContaining({ id: stop.id, weekday: 2 })]);
    expect((await server.db.select({ id: truckEvents.id }).from(truckEvents)).length).toBe(eventsBefore);
    const asAdmin = await server.request<StopRes>('PUT', `${stopsPath(truck.id)}/${stop.id}`, {
      token: admin.token,
      body: { ...tuesday, weekday: 5 },
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.weekday).toBe(5);
  });

  it('answers 404 for a stop of another truck, malformed ids, and a truck diners may not see', async () => {
    const truck = await newTruck();
    const otherTruck = await newTruck();
    const stop = await mustAdd(otherTruck.id, tuesday);
    const put = await server.request<ErrorResponse>('PUT', `${stopsPath(truck.id)}/${stop.id}`, {
      token: owner.token,
      body: tuesday,
    });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('Stop not found');
    expect((await server.request('GET', '/api/food-trucks/abc/schedule')).status).toBe(404);
    expect(
      (await server.request('DELETE', `${stopsPath(truck.id)}/1e3`, { token: owner.token })).status,
    ).toBe(404);

    const hidden = await newTruck(unpaid);
    expect((await occurrences(hidden.id, '')).status).toBe(404);
    expect((await occurrences(hidden.id, '', unpaid.token)).status).toBe(200);
    expect((await occurrences(truck.id, '')).status).toBe(200);
  });
});

describe("diners' views: upcoming stops and where trucks will be", () => {
  const tomorrow = () => DateTime.now().setZone('America/Chicago').plus({ days: 1 });

  it('lists the next stop of each listed truck, not of trucks diners may not see', async () => {
    const truck = await newTruck();
    const hidden = await newTruck(unpaid);
    const day = tomorrow();
    const stop = { ...tuesday, weekday: day.weekday, address: 'Upcoming Plaza' };
    await mustAdd(truck.id, stop);
    expect((await addStop(hidden.id, stop, unpaid)).status).toBe(201);
    const res = await server.request<UpcomingStops>('GET', '/api/food-trucks/upcoming-stops');
    expect(res.status).toBe(200);
    const mine = res.body.find((e) => e.truckId === truck.id);
    expect(mine?.timeZone).toBe('America/Chicago');
    expect(mine?.stops[0]).toMatchObject({
      localDate: day.toISODate(),
      startTime: '11:00',
      address: 'Upcoming Plaza',
    });
    expect(res.body.some((e) => e.truckId === hidden.id)).toBe(false);
    // Its operator sees it (the list's rule: an operator's own trucks).
    const own = await server.request<UpcomingStops>('GET', '/api/food-trucks/upcoming-stops', {
      token: unpaid.token,
    });
    expect(own.body.map((e) => e.truckId)).toContain(hidden.id);
    expect(own.body.map((e) => e.truckId)).not.toContain(truck.id);
  });

  it('places trucks at their stop at the asked time, within the radius, nearest first', async () => {
    const near = await newTruck();
    const far = await newTruck();
    const day = tomorrow();
    await mustAdd(near.id, {
      ...PLACE,
      kind: 'once',
      date: day.toISODate(),
      startTime: '11:00',
      endTime: '14:00',
      address: 'Near stop',
    });
    await mustAdd(far.id, {
      kind: 'once',
      date: day.toISODate(),
      startTime: '11:30',
      endTime: '13:00',
      latitude: 32.7767,
      longitude: -96.797,
      address: 'Dallas stop',
    });
    const noon = day.set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
    const at = encodeURIComponent(noon.toISO() ?? '');
    const all = await server.request<ScheduledTruck[]>('GET', `/api/food-trucks/scheduled?at=${at}`);
    expect(all.status).toBe(200);
    const placed = all.body.filter((t) => t.id === near.id || t.id === far.id);
    expect(placed.map((t) => [t.id, t.address, t.latitude])).toEqual([
      [near.id, 'Near stop', PLACE.latitude],
      [far.id, 'Dallas stop', 32.7767],
    ]);
    expect(placed[0]?.scheduledStop).toMatchObject({ startTime: '11:00', endTime: '14:00' });

    const nearby = await server.request<ScheduledTruck[]>(
      'GET',
      `/api/food-trucks/scheduled?at=${at}&lat=30.2672&lng=-97.7431&radiusMiles=20`,
    );
    const ids = nearby.body.map((t) => t.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
    expect(nearby.body.find((t) => t.id === near.id)?.distanceMiles).toBeLessThan(1);

    const evening = encodeURIComponent(noon.set({ hour: 18 }).toISO() ?? '');
    const later = await server.request<ScheduledTruck[]>('GET', `/api/food-trucks/scheduled?at=${evening}`);
    expect(later.body.map((t) => t.id)).not.toContain(near.id);
  });

  it('refuses a missing or malformed time and a lone lat with 400', async () => {
    for (const query of ['', '?at=tomorrow', '?at=2027-01-05T12:00:00Z&lat=30']) {
      const res = await server.request<ErrorResponse>('GET', `/api/food-trucks/scheduled${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('cross-origin reads', () => {
  it('allows any origin to GET the public read API, and nothing else', async () => {
    const truck = await newTruck();
    const headers = { origin: 'https://operator-site.example' };
    for (const path of [
      '/api/food-trucks/active',
      `/api/food-trucks/${truck.id}`,
      `/api/food-trucks/${truck.id}/menu`,
      `/api/food-trucks/${truck.id}/schedule?from=2027-01-05`,
      `/api/food-trucks/${truck.id}/calendar.ics`,
      '/api/food-trucks/upcoming-stops',
    ]) {
      const res = await server.request('GET', path, { headers });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    const closed = [
      ['GET', '/api/food-trucks'],
      ['GET', '/api/favorites'],
      ['POST', `${stopsPath(truck.id)}`],
      ['GET', `${stopsPath(truck.id)}`],
    ];
    for (const [method = 'GET', path = ''] of closed) {
      const res = await server.request(method, path, {
        headers,
        token: owner.token,
        body: method === 'POST' ? tuesday : undefined,
      });
      expect(res.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
    }
  });
});

type TruckRes = FoodTruck & ErrorResponse;
const SPOT = { latitude: 30.2, longitude: -97.6 };
const stored = async (id: number) => (await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, id)))[0];
const lastEvent = async (id: number) =>
  (await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, id)).orderBy(desc(truckEvents.id)).limit(1))[0];

describe('POST /api/food-trucks/:id/schedule/stops/:stopId/take-place', () => {
  /** A truck of `session` in a zone where `stop` is under way now, with that stop and one on another day. */
  async function truckWithStops(session: AuthResponse, values: { isOpen: boolean }) {
    const { timeZone, stop, otherDay } = stopUnderWayNow(PLACE);
    const truck = await insertTruck(server.db, session.user.id, { ...SPOT, address: 'Old corner', timeZone, ...values });
    const add = async (body: Record<string, unknown>) => {
      const res = await server.request<ScheduleStop>('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
        token: session.token,
        body,
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    return { truck, current: await add(stop), later: await add({ ...otherDay, address: 'Elsewhere' }) };
  }
  const takePlace = (truckId: number, stopId: number, token?: string, body: Record<string, unknown> = {}) =>
    server.request<TruckRes>('POST', `/api/food-trucks/${truckId}/schedule/stops/${stopId}/take-place`, { token, body });

  it("names the stop under way in the operator's schedule, and moves an open truck to its place and address", async () => {
    const { truck, current } = await truckWithStops(owner, { isOpen: true });
    const schedule = await server.request<TruckSchedule>('GET', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: owner.token,
    });
    expect(schedule.body.underWay).toMatchObject({ stopId: current.id, address: '6th & Congress' });

    const res = await takePlace(truck.id, current.id, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...PLACE, isOpen: true });
    expect(await stored(truck.id)).toMatchObject({ ...PLACE, isOpen: true });
    expect(await lastEvent(truck.id)).toMatchObject({ type: 'moved' });
  });

  it('opens a closed truck at the stop with open: true, behind the subscription gate (402)', async () => {
    const { truck, current } = await truckWithStops(owner, { isOpen: false });
    const res = await takePlace(truck.id, current.id, owner.token, { open: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...PLACE, isOpen: true });
    expect(await lastEvent(truck.id)).toMatchObject({ type: 'opened' });

    const unpaidTruck = await truckWithStops(unpaid, { isOpen: false });
    const before = await dbFingerprint(server.db);
    const refused = await takePlace(unpaidTruck.truck.id, unpaidTruck.current.id, unpaid.token, { open: true });
    expect(refused.status).toBe(402);
    expect(await dbFingerprint(server.db)).toEqual(before);
    // Without opening, the place is taken (like PATCH …/location, no subscription needed).
    const moved = await takePlace(unpaidTruck.truck.id, unpaidTruck.current.id, unpaid.token);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ...PLACE, isOpen: false });
  });

  it("refuses a stop that is not under way (409), another truck's stop and other callers; nothing changes", async () => {
    const { truck, current, later } = await truckWithStops(owner, { isOpen: true });
    const mine = await truckWithStops(other, { isOpen: true });
    const before = await dbFingerprint(server.db);

    const notNow = await takePlace(truck.id, later.id, owner.token);
    expect(notNow.status).toBe(409);
    expect(notNow.body.message).toMatch(/not under way now/);
    expect((await takePlace(truck.id, mine.current.id, owner.token)).status).toBe(404);
    expect((await takePlace(truck.id, current.id)).status).toBe(401);
    expect((await takePlace(truck.id, current.id, customer.token)).status).toBe(403);
    expect((await takePlace(truck.id, current.id, other.token)).status).toBe(404);
    expect((await takePlace(truck.id, current.id, owner.token, { open: 'yes' })).status).toBe(400);
    expect(await dbFingerprint(server.db)).toEqual(before);

    expect((await takePlace(truck.id, current.id, admin.token)).status).toBe(200);
  });
});
