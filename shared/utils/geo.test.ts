import { describe, expect, it } from 'vitest';
import { haversineKm, haversineMiles } from './geo';

describe('haversine', () => {
  it('is zero for the same point', () => {
    expect(haversineKm({ lat: 30.2672, lng: -97.7431 }, { lat: 30.2672, lng: -97.7431 })).toBe(0);
  });
  it('matches the known Austin–Dallas great-circle distance (about 182 miles)', () => {
    const austin = { lat: 30.2672, lng: -97.7431 };
    const dallas = { lat: 32.7767, lng: -96.797 };
    expect(haversineMiles(austin, dallas)).toBeCloseTo(182, 0);
  });
  it('uses the earth radius of 6371 km: a quarter meridian is 10,007.5 km', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });
});
