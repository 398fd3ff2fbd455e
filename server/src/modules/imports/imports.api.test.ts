import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull } from 'drizzle-orm';
import type { ImportReport, ImportSummary, Page } from '@shared/contracts';
import type { UpcomingStops } from '@shared/contracts/schedules';
import type { TruckSearchResult } from '@shared/contracts/trucks';
import { dataImports, foodTrucks, truckListings, truckScheduleStops } from '../../db/schema';
import { signUpCast, startTestServer, type TestCast, type TestServer } from '../../test/harness';
import { runQueuedImports } from './imports.service';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let server: TestServer;
let cast: TestCast;

beforeAll(async () => {
  server = await startTestServer();
  cast = await signUpCast(server);
});
afterAll(() => server.close());

async function upload(file: string, fields: Record<string, string> = {}, token = cast.admin.token, route = '/api/admin/imports', bytes = fixture(file)) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([bytes]), file);
  const response = await fetch(`${server.url}${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function report(id: unknown): Promise<ImportReport> {
  const answer = await server.request<ImportReport>('GET', `/api/admin/imports/${String(id)}`, { token: cast.admin.token });
  expect(answer.status).toBe(200);
  return answer.body;
}

const listingCount = async () => (await server.db.select({ n: count() }).from(truckListings))[0]?.n ?? 0;

async function importNow(file: string, fields: Record<string, string> = {}, bytes?: ReturnType<typeof fixture>) {
  const started = await upload(file, fields, cast.admin.token, '/api/admin/imports', bytes);
  expect(started.status).toBe(202);
  await runQueuedImports(server.db, server.config.dataDir);
  return report(started.body.id);
}

describe('POST /api/admin/imports', () => {
  it("imports SF's permit CSV (preset detected from the header) with an exact report", async () => {
    const result = await importNow('sf-permits.csv');
    expect(result).toMatchObject({ status: 'done', preset: 'sf-permits', format: 'csv', processed: 8, created: 3, updated: 0, retired: 0, skippedCount: 5 });
    expect(result.skipped).toEqual([
      { line: 4, reason: 'Not approved (status REQUESTED)' },
      { line: 5, reason: 'Expired on 2020-11-15' },
      { line: 6, reason: 'No coordinates' },
      { line: 7, reason: 'Coordinates are 0, 0' },
      { line: 8, reason: 'Coordinates out of range' },
    ]);
    const [dogs] = await server.db.select().from(foodTrucks).where(eq(foodTrucks.name, 'Mission Dogs'));
    expect(dogs).toMatchObject({ operatorId: null, isOpen: false, cuisine: 'American', timeZone: 'America/Los_Angeles', address: '2400 MISSION ST' });
    expect(dogs?.listing).toMatchObject({ sourceName: 'SF open data' });
    const stops = await server.db.select().from(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, dogs!.id));
    expect(stops.map((s) => [s.weekday, s.startMinute, s.endMinute]).sort()).toEqual([
      [1, 420, 1140], [2, 420, 1140], [3, 420, 1140], [4, 480, 900], [5, 480, 900],
    ]);

    // Diners find it by food near Mission Street, marked as a listing.
    const search = await server.request<TruckSearchResult>('GET', '/api/food-trucks/search?q=hot%20dogs');
    expect(search.body.ids).toContain(dogs!.id);
    const near = await server.request<Array<{ id: number; listing: unknown; isOpen: boolean }>>('GET', '/api/food-trucks/active?lat=37.7599&lng=-122.4148&view=summary');
    expect(near.status, JSON.stringify(near.body)).toBe(200);
    expect(near.body.find((t) => t.id === dogs!.id)).toMatchObject({ isOpen: false, listing: { sourceName: 'SF open data' } });
    // Its status line's week (ADR 0157): the upcoming stops carry a listing's usual hours.
    const upcoming = await server.request<UpcomingStops>('GET', '/api/food-trucks/upcoming-stops');
    expect(upcoming.body.find((e) => e.truckId === dogs!.id)?.usualHours).toEqual([
      { weekday: 1, startTime: '07:00', endTime: '19:00' },
      { weekday: 2, startTime: '07:00', endTime: '19:00' },
      { weekday: 3, startTime: '07:00', endTime: '19:00' },
      { weekday: 4, startTime: '08:00', endTime: '15:00' },
      { weekday: 5, startTime: '08:00', endTime: '15:00' },
    ]);
  });

  it('re-importing the same file creates nothing new; JSON and GeoJSON of the same source update by source id and retire what vanished', async () => {
    const before = await listingCount();
    const again = await importNow('sf-permits.csv');
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 3, retired: 0 });
    expect(await listingCount()).toBe(before);

    const json = await importNow('sf-permits.json');
    expect(json).toMatchObject({ status: 'done', format: 'json', preset: 'sf-permits', processed: 3, created: 0, updated: 2, retired: 1, skipped: [{ line: 2, reason: 'Not approved (status REQUESTED)' }] });
    const retired = await server.db.select({ name: foodTrucks.name }).from(foodTrucks).where(eq(foodTrucks.name, 'Taqueria Movil'));
    expect(retired).toHaveLength(1);
    const visible = await server.request<Array<{ name: string }>>('GET', '/api/food-trucks/active');
    expect(visible.status, JSON.stringify(visible.body)).toBe(200);
    expect(visible.body.map((t) => t.name)).not.toContain('Taqueria Movil');

    const geo = await importNow('sf-permits.geojson');
    expect(geo).toMatchObject({ status: 'done', format: 'geojson', processed: 2, created: 0, updated: 1, retired: 1, skipped: [{ line: 2, reason: 'Coordinates are 0, 0' }] });
    expect(await listingCount()).toBe(before);
  });

  it('reads the schedule data set: one stop per row, merged into one listing', async () => {
    const result = await importNow('sf-schedule.csv', { source: 'sf-schedule-test' });
    expect(result).toMatchObject({ status: 'done', preset: 'sf-schedule', processed: 2, created: 1 });
    const [listing] = await server.db.select().from(truckListings).where(eq(truckListings.source, 'sf-schedule-test'));
    const stops = await server.db.select().from(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, listing!.foodTruckId));
    expect(stops.map((s) => [s.weekday, s.startMinute, s.endMinute]).sort()).toEqual([[1, 420, 1140], [2, 420, 1140]]);
  });

  it('refuses a malformed file with a clear message and changes nothing', async () => {
    const trucksBefore = await server.db.select({ id: foodTrucks.id, name: foodTrucks.name, retiredAt: foodTrucks.retiredAt }).from(foodTrucks);
    // Broken at its start: refused at once.
    const refused = await upload('malformed.json');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^The file is not valid JSON: /);
    // Broken past the first 64 KB: the import reads 1,000 good rows (of the same source), then fails having changed nothing.
    const good = JSON.parse(fixture('sf-permits.json').toString()) as object[];
    const rows = Array.from({ length: 1000 }, (_, i) => ({ ...good[0], locationid: `9${i}` }));
    const broken = Buffer.from(`${JSON.stringify(rows).slice(0, -1)},{"locationid": "x", "applicant": "Broken\n`);
    const result = await importNow('big-broken.json', {}, broken);
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^The file is not valid JSON: /);
    expect(await server.db.select({ id: foodTrucks.id, name: foodTrucks.name, retiredAt: foodTrucks.retiredAt }).from(foodTrucks)).toEqual(trucksBefore);
  });

  it('refuses at once what it cannot import: no file, no preset and no mapping, an unknown column', async () => {
    const form = new FormData();
    form.append('preset', 'sf-permits');
    const none = await fetch(`${server.url}/api/admin/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${cast.admin.token}` } });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ message: 'Choose a file to import' });
    expect(await upload('sf-permits.csv', { preset: 'custom' })).toEqual({ status: 400, body: { message: 'The file matches no preset: choose a preset or say which column holds each field' } });
    expect(await upload('sf-permits.csv', { mapping: JSON.stringify({ name: 'Truck' }) })).toEqual({ status: 400, body: { message: 'The file has no column named "Truck"' } });
    expect(await upload('sf-permits.csv', { mapping: '{nope' })).toEqual({ status: 400, body: { message: 'The mapping must be JSON, e.g. {"name": "Applicant"}' } });
  });

  it('only admins import or read imports', async () => {
    const queuedBefore = (await server.db.select({ n: count() }).from(dataImports))[0]?.n;
    for (const who of [cast.owner, cast.customer]) {
      expect((await upload('sf-permits.csv', {}, who.token)).status).toBe(403);
      expect((await server.request('GET', '/api/admin/imports/1', { token: who.token })).status).toBe(403);
    }
    expect((await upload('sf-permits.csv', {}, '')).status).toBe(401);
    expect((await server.db.select({ n: count() }).from(dataImports))[0]?.n).toBe(queuedBefore);
    expect((await server.request('GET', '/api/admin/imports/999999', { token: cast.admin.token })).status).toBe(404);
  });

  it('previews the first rows as the import would read them', async () => {
    const preview = await upload('sf-permits.csv', {}, cast.admin.token, '/api/admin/imports/preview');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ format: 'csv', preset: 'sf-permits' });
    const rows = preview.body.rows as Array<{ line: number; name: string; foodWords: string; skip: string | null }>;
    expect(rows[0]).toMatchObject({ line: 2, name: 'Mission Dogs', foodWords: 'hot dogs, toppings, non alcoholic beverages', skip: null });
    expect(rows[2]).toMatchObject({ line: 4, skip: 'Not approved (status REQUESTED)' });
    // A source id seen before is skipped as the import skips it.
    const twice = Buffer.concat([fixture('sf-permits.csv'), Buffer.from(fixture('sf-permits.csv').toString().split('\n')[1] + '\n')]);
    const dup = await upload('twice.csv', {}, cast.admin.token, '/api/admin/imports/preview', twice);
    expect((dup.body.rows as Array<{ line: number; skip: string | null }>).at(-1)).toEqual(expect.objectContaining({ line: 10, skip: 'Duplicate source id 1723891' }));
  });

  it('lists past imports newest first, paged and searchable, without their skipped rows', async () => {
    const first = await importNow('sf-permits.csv', { source: 'list-test', sourceName: 'List test data' });
    const second = await importNow('sf-permits.csv', { source: 'list-test', sourceName: 'List test data' });
    const page = await server.request<Page<ImportSummary>>('GET', '/api/admin/imports?limit=1', { token: cast.admin.token });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({ id: second.id, status: 'done', created: 0, updated: 3, sourceName: 'List test data', adminUsername: cast.admin.user.username });
    expect(page.body.items[0]).not.toHaveProperty('skipped');
    expect(page.body.nextCursor).toBe(second.id);
    const next = await server.request<Page<ImportSummary>>('GET', `/api/admin/imports?limit=1&cursor=${second.id}`, { token: cast.admin.token });
    expect(next.body.items[0]?.id).toBe(first.id);
    const found = await server.request<Page<ImportSummary>>('GET', '/api/admin/imports?search=list%20test', { token: cast.admin.token });
    expect(found.body.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(found.body.total).toBe(2);
    expect(first).toMatchObject({ created: 3, sourceName: 'List test data', licence: 'Open Data Commons PDDL (DataSF)' });
    expect((await server.request('GET', '/api/admin/imports?limit=0', { token: cast.admin.token })).status).toBe(400);
    for (const who of [cast.owner, cast.customer]) {
      expect((await server.request('GET', '/api/admin/imports', { token: who.token })).status).toBe(403);
    }
  });

  it("previews a file no preset knows as its columns, then with the admin's mapping", async () => {
    const csv = Buffer.from('Truck,Lat,Lng,Menu,Id\nCorner Cart,37.76,-122.42,Hot dogs,c1\n');
    const columns = await upload('corner.csv', {}, cast.admin.token, '/api/admin/imports/preview', csv);
    expect(columns).toEqual({ status: 200, body: { format: 'csv', preset: 'custom', columns: ['Truck', 'Lat', 'Lng', 'Menu', 'Id'], mapping: {}, rows: [] } });
    const mapping = JSON.stringify({ name: 'Truck', latitude: 'Lat', longitude: 'Lng', foodItems: 'Menu', sourceId: 'Id' });
    const mapped = await upload('corner.csv', { preset: 'custom', mapping }, cast.admin.token, '/api/admin/imports/preview', csv);
    expect(mapped.status).toBe(200);
    expect(mapped.body.rows).toMatchObject([{ line: 2, name: 'Corner Cart', foodWords: 'hot dogs', skip: null }]);
  });

  it('a listing is never opened, even by an admin', async () => {
    const [listing] = await server.db.select({ id: foodTrucks.id }).from(foodTrucks).where(isNull(foodTrucks.operatorId)).limit(1);
    const answer = await server.request('PUT', `/api/food-trucks/${listing!.id}/location`, { token: cast.admin.token, body: { latitude: 37.76, longitude: -122.42, isOpen: true } });
    expect([404, 409]).toContain(answer.status);
    const [after] = await server.db.select({ isOpen: foodTrucks.isOpen }).from(foodTrucks).where(eq(foodTrucks.id, listing!.id));
    expect(after?.isOpen).toBe(false);
  });
});
