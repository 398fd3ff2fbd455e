import { describe, expect, it } from 'vitest';
import { makeTruck } from '@client/test/trucks';
import { directionsUrl, formatAge, isLive, isStale } from './truck-format';

describe('truck format helpers', () => {
  it('is live only when open with coordinates', () => {
    expect(isLive(makeTruck({ id: 1 }))).toBe(true);
    expect(isLive(makeTruck({ id: 1, isOpen: false }))).toBe(false);
    expect(isLive(makeTruck({ id: 1, latitude: null }))).toBe(false);
  });

  it('links directions to the coordinates, else the address, else nothing', () => {
    expect(directionsUrl(makeTruck({ id: 1, latitude: 30.25, longitude: -97.75 }))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=30.25%2C-97.75',
    );
    expect(directionsUrl(makeTruck({ id: 1, latitude: null, longitude: null, address: '1 Main St' }))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St',
    );
    expect(directionsUrl(makeTruck({ id: 1, latitude: null, longitude: null, address: null }))).toBeNull();
  });
});

describe('freshness', () => {
  const at = Date.parse('2027-01-05T12:00:00Z');
  it('says how long ago a position was updated', () => {
    expect(formatAge('2027-01-05T11:59:30Z', at)).toBe('Updated just now');
    expect(formatAge('2027-01-05T11:57:00Z', at)).toBe('Updated 3 min ago');
    expect(formatAge('2027-01-05T09:30:00Z', at)).toBe('Updated 2 h ago');
    expect(formatAge('2027-01-01T12:00:00Z', at)).toBe('Updated 4 days ago');
  });
  it('calls positions older than an hour stale', () => {
    expect(isStale({ lastUpdated: '2027-01-05T11:01:00Z' }, at)).toBe(false);
    expect(isStale({ lastUpdated: '2027-01-05T10:59:00Z' }, at)).toBe(true);
  });
});
