import { describe, expect, it } from 'vitest';
import { NEARBY_CASES } from '@shared/utils/nearby.cases';
import { makeTruck } from '@client/test/trucks';
import { filterTrucks, linkedFirst, matchesSearch, sortByDistance, withinRadius } from './truck-list';

const austin = { lat: 30.2672, lng: -97.7431 };

describe('search filter', () => {
  const trucks = [
    makeTruck({ id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ', address: '1100 S Congress Ave' }),
    makeTruck({ id: 2, name: 'Taco Libre', cuisine: 'Mexican', address: '1300 E 6th St' }),
    makeTruck({ id: 3, name: 'Roaming Pho', cuisine: 'Asian', address: null }),
  ];

  it('matches name, cuisine or address case-insensitively as a substring', () => {
    expect(filterTrucks(trucks, 'smoke').map((t) => t.id)).toEqual([1]);
    expect(filterTrucks(trucks, 'MEXI').map((t) => t.id)).toEqual([2]);
    expect(filterTrucks(trucks, 'congress').map((t) => t.id)).toEqual([1]);
    expect(filterTrucks(trucks, '  asian ').map((t) => t.id)).toEqual([3]);
  });

  it('ignores a missing address and keeps the same array for an empty search', () => {
    expect(matchesSearch(trucks[2]!, 'congress')).toBe(false);
    expect(filterTrucks(trucks, '')).toBe(trucks);
    expect(filterTrucks(trucks, '   ')).toBe(trucks);
    expect(filterTrucks(trucks, 'sushi')).toEqual([]);
  });
});

describe('distance sort', () => {
  const far = makeTruck({ id: 1, latitude: 30.4021, longitude: -97.7228 });
  const near = makeTruck({ id: 2, latitude: 30.2672, longitude: -97.7431 });
  const nowhere = makeTruck({ id: 3, latitude: null, longitude: null });

  it('keeps the server order without a position, with no distances', () => {
    const listed = sortByDistance([far, nowhere, near], null);
    expect(listed.map((l) => l.truck.id)).toEqual([1, 3, 2]);
    expect(listed.every((l) => l.distanceMiles === null)).toBe(true);
  });

  it('puts the nearest first and trucks without coordinates last, keeping the objects', () => {
    const listed = sortByDistance([nowhere, far, near], austin);
    expect(listed.map((l) => l.truck.id)).toEqual([2, 1, 3]);
    expect(listed[0]!.truck).toBe(near);
    expect(listed[0]!.distanceMiles).toBeCloseTo(0, 5);
    expect(listed[1]!.distanceMiles).toBeGreaterThan(9);
    expect(listed[1]!.distanceMiles).toBeLessThan(10);
    expect(listed[2]!.distanceMiles).toBeNull();
  });

  it("prefers the server's distance when present", () => {
    const listed = sortByDistance([makeTruck({ id: 9, distanceMiles: 1.5 })], austin);
    expect(listed[0]!.distanceMiles).toBe(1.5);
  });
});

describe('the linked truck first', () => {
  const listed = [1, 2, 3, 4].map((id) => ({ truck: makeTruck({ id }), distanceMiles: id }));
  const ids = (list: readonly { truck: { id: number } }[]) => list.map((entry) => entry.truck.id);

  it('moves the truck a link names to the top, the rest in their order', () => {
    expect(ids(linkedFirst(listed, 3))).toEqual([3, 1, 2, 4]);
    expect(ids(listed)).toEqual([1, 2, 3, 4]);
  });

  it('leaves the list as it is with no link, the linked truck already first, or not in the list', () => {
    expect(linkedFirst(listed, null)).toBe(listed);
    expect(linkedFirst(listed, 1)).toBe(listed);
    expect(linkedFirst(listed, 99)).toBe(listed);
  });
});

describe('within a radius', () => {
  it('keeps the trucks within the miles by great-circle distance, ignoring distances measured from elsewhere', () => {
    const downtown = makeTruck({ id: 1, distanceMiles: 900 });
    const roundRock = makeTruck({ id: 2, latitude: 30.5083, longitude: -97.6789, distanceMiles: 0.1 });
    const dallas = makeTruck({ id: 3, latitude: 32.7767, longitude: -96.797, distanceMiles: 0.1 });
    const nowhere = makeTruck({ id: 4, latitude: null, longitude: null });
    expect(withinRadius([downtown, roundRock, dallas, nowhere], austin, 20).map((t) => t.id)).toEqual([1, 2]);
  });
});

describe('the nearby rule (one table: shared/utils/nearby.cases.ts)', () => {
  it.each(NEARBY_CASES)('$name', ({ area, trucks, expected }) => {
    const list = trucks.map(({ id, lat, lng }) => makeTruck({ id, latitude: lat, longitude: lng }));
    const listed = sortByDistance(withinRadius(list, area, area.radiusMiles), area);
    expect(listed.map((l) => l.truck.id)).toEqual(expected);
  });
});
