import { describe, expect, it } from 'vitest';
import type { GeocodedPlace, KnownPlaces } from './geocoding';
import { matchScore, nearestPlace, OfflineGeocoding, rankPlaces, REVERSE_WITHIN_KM } from './offline-geocoding';

const place = (label: string, latitude = 30.26, longitude = -97.74): GeocodedPlace => ({ label, latitude, longitude });

/** Known places held in memory, filtered as the database query does (every word somewhere in the text). */
function known(places: GeocodedPlace[]): KnownPlaces & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    async matching(words) {
      asked.push(words);
      return places.filter((p) => words.every((w) => p.label.toLowerCase().includes(w)));
    },
    async near() {
      return places;
    },
  };
}

describe('matchScore', () => {
  it('needs every word of the query at the start of a word of the place', () => {
    expect(matchScore('rain', 'Rainey St')).toBeGreaterThan(0);
    expect(matchScore('rainey st', 'Rainey St & Davis')).toBeGreaterThan(0);
    expect(matchScore('ainey', 'Rainey St')).toBe(0);
    expect(matchScore('rainey congress', 'Rainey St')).toBe(0);
    expect(matchScore('  ', 'Rainey St')).toBe(0);
  });

  it('ranks exact above the start of the name above anywhere, whatever the case and punctuation', () => {
    expect(matchScore('RAINEY ST.', 'Rainey St')).toBe(3);
    expect(matchScore('rainey', 'Rainey St')).toBe(2);
    expect(matchScore('rainey', '70 Rainey St')).toBe(1);
  });
});

describe('rankPlaces', () => {
  it('puts the better match first, then the nearer, then the shorter; one entry per place', () => {
    const far = place('Rainey St', 30.5, -97.9);
    const near = place('rainey st ', 30.2587, -97.7383);
    const ranked = rankPlaces(
      'rainey',
      [place('70 Rainey St'), far, place('Rainey Street Food Court'), near, place('Congress Ave')],
      { limit: 10, near: { latitude: 30.2587, longitude: -97.7383 } },
    );
    expect(ranked).toEqual([near, place('Rainey Street Food Court'), place('70 Rainey St')]);
  });

  it('keeps at most `limit` places', () => {
    const many = Array.from({ length: 20 }, (_, i) => place(`Stop ${i}`));
    expect(rankPlaces('stop', many, { limit: 8 })).toHaveLength(8);
  });
});

describe('nearestPlace', () => {
  const at = { latitude: 30.2587, longitude: -97.7383 };
  it('is the nearest place within the distance, else none', () => {
    const close = place('Rainey St', 30.2590, -97.7385);
    const closer = place('Lustre Pearl', 30.2588, -97.7383);
    expect(nearestPlace([close, closer], at, REVERSE_WITHIN_KM)).toEqual(closer);
    // 0.01° of latitude is about 1.1 km.
    expect(nearestPlace([place('Congress Ave', 30.2687, -97.7383)], at, REVERSE_WITHIN_KM)).toBeNull();
    expect(nearestPlace([], at, REVERSE_WITHIN_KM)).toBeNull();
  });

  it('breaks a tie by name', () => {
    expect(nearestPlace([place('B', 30.2587, -97.7383), place('A', 30.2587, -97.7383)], at, 1)?.label).toBe('A');
  });
});

describe('OfflineGeocoding', () => {
  const provider = new OfflineGeocoding();

  it('searches the known places with the words of the query and ranks them', async () => {
    const places = known([place('Rainey St'), place('Congress Ave & 6th'), place('70 Rainey St')]);
    expect(await provider.search('Rainey', { limit: 8 }, places)).toEqual([place('Rainey St'), place('70 Rainey St')]);
    expect(places.asked).toEqual([['rainey']]);
  });

  it('asks nothing for a query with no words', async () => {
    const places = known([place('Rainey St')]);
    expect(await provider.search(' -- ', { limit: 8 }, places)).toEqual([]);
    expect(places.asked).toEqual([]);
  });

  it('names a picked point after the nearest known place close by, else nothing', async () => {
    const places = known([place('Rainey St', 30.2587, -97.7383)]);
    expect(await provider.reverse({ latitude: 30.2588, longitude: -97.7384 }, places)).toEqual(place('Rainey St', 30.2587, -97.7383));
    expect(await provider.reverse({ latitude: 30.3, longitude: -97.7 }, places)).toBeNull();
  });
});
