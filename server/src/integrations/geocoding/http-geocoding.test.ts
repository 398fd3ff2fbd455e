import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RAINEY, startFakeGeocoder, type FakeGeocoder } from '../../test/fake-geocoder';
import { GeocodingUnavailable, type GeocodingProvider, type KnownPlaces } from './geocoding';
import { HttpGeocoding, type HttpGeocodingConfig } from './http-geocoding';

/** The real providers never read the known places. */
const unused: KnownPlaces = {
  matching: () => Promise.reject(new Error('not for the real provider')),
  near: () => Promise.reject(new Error('not for the real provider')),
};

let fake: FakeGeocoder;
beforeAll(async () => {
  fake = await startFakeGeocoder();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

/** Called as the app calls it: through the interface (the known places are ignored). */
const provider = (kind: HttpGeocodingConfig['kind'], extra: Partial<HttpGeocodingConfig> = {}): GeocodingProvider =>
  new HttpGeocoding({ kind, url: fake.url, userAgent: 'FoodTruckFinder-test/1.0 (ops@example.com)', minIntervalMs: 0, ...extra });

describe('HttpGeocoding (Nominatim)', () => {
  it('reads /search (jsonv2) as places, sending the User-Agent, the limit, the contact and a viewbox around `near`', async () => {
    const nominatim = provider('nominatim', { email: 'ops@example.com', countryCodes: 'us' });
    const places = await nominatim.search('Rainey St', { limit: 5, near: { latitude: 30.26, longitude: -97.74 } }, unused);
    expect(places).toEqual([
      { label: 'Rainey Street, Austin, Texas, United States', ...RAINEY },
      { label: 'Rainey Street Historic District, Austin, Texas', latitude: 30.26, longitude: -97.739 },
    ]);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      path: '/geo/search',
      userAgent: 'FoodTruckFinder-test/1.0 (ops@example.com)',
      params: { q: 'Rainey St', format: 'jsonv2', limit: '5', email: 'ops@example.com', countrycodes: 'us' },
    });
    expect(request?.params.viewbox?.split(',').map(Number)).toEqual([-98.24, 30.76, -97.24, 29.76]);
  });

  it("reads /reverse, and Nominatim's { error } for a point with no address as none", async () => {
    const nominatim = provider('nominatim');
    expect(await nominatim.reverse(RAINEY, unused)).toEqual({ label: '70 Rainey Street, Austin, Texas', ...RAINEY });
    expect(await nominatim.reverse({ latitude: 10, longitude: 10 }, unused)).toBeNull();
    expect(fake.requests[0]?.params).toMatchObject({ lat: String(RAINEY.latitude), lon: String(RAINEY.longitude), format: 'jsonv2' });
  });

  it('answers a repeated question from its cache', async () => {
    const nominatim = provider('nominatim');
    const first = await nominatim.search('rainey', { limit: 8 }, unused);
    fake.mode = 'fail';
    expect(await nominatim.search('rainey', { limit: 8 }, unused)).toEqual(first);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('HttpGeocoding (Photon)', () => {
  it('reads /api (GeoJSON, [lon, lat]) as places with a label from the parts, leaving out a feature with no name', async () => {
    const photon = provider('photon');
    const places = await photon.search('rainey', { limit: 8, near: { latitude: 30.26, longitude: -97.74 } }, unused);
    expect(places).toEqual([
      { label: 'Rainey Street, Austin, Texas', ...RAINEY },
      { label: '90 Rainey Street, Austin, Texas', latitude: 30.259, longitude: -97.739 },
    ]);
    expect(fake.requests[0]).toMatchObject({ path: '/geo/api', params: { q: 'rainey', limit: '8', lat: '30.26', lon: '-97.74' } });
    expect(fake.requests[0]?.userAgent).toContain('FoodTruckFinder');
  });

  it('reads /reverse: the first feature, or none', async () => {
    const photon = provider('photon');
    expect(await photon.reverse(RAINEY, unused)).toEqual({ label: '70 Rainey Street, Austin, Texas', ...RAINEY });
    expect(await photon.reverse({ latitude: 10, longitude: 10 }, unused)).toBeNull();
  });
});

describe('HttpGeocoding failures', () => {
  it.each(['fail', 'garbage'] as const)('a %s answer is GeocodingUnavailable, and is not cached', async (mode) => {
    const nominatim = provider('nominatim');
    fake.mode = mode;
    await expect(nominatim.search('rainey', { limit: 8 }, unused)).rejects.toBeInstanceOf(GeocodingUnavailable);
    fake.mode = 'ok';
    expect(await nominatim.search('rainey', { limit: 8 }, unused)).toHaveLength(2);
  });

  it('gives up after its time-out', async () => {
    fake.mode = 'stall';
    await expect(provider('photon', { timeoutMs: 100 }).reverse(RAINEY, unused)).rejects.toBeInstanceOf(GeocodingUnavailable);
  });

  it('an unreachable server is GeocodingUnavailable', async () => {
    const gone: GeocodingProvider = new HttpGeocoding({ kind: 'nominatim', url: 'http://127.0.0.1:9/', userAgent: 'x', minIntervalMs: 0 });
    await expect(gone.search('rainey', { limit: 8 }, unused)).rejects.toBeInstanceOf(GeocodingUnavailable);
  });

  it('spaces its calls and refuses a caller who would wait longer than a call may take', async () => {
    const polite = provider('nominatim', { minIntervalMs: 60_000, timeoutMs: 1000 });
    await polite.search('rainey one', { limit: 8 }, unused);
    await expect(polite.search('rainey two', { limit: 8 }, unused)).rejects.toThrow(/busy/);
    expect(fake.requests).toHaveLength(1);
  });
});
