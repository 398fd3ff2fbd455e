import { describe, expect, it } from 'vitest';
import { guessMapping } from './import-columns';

describe('guessMapping: what a custom file header suggests', () => {
  it('maps the obvious names, whatever their case and separators', () => {
    expect(guessMapping(['name', 'address', 'lat', 'lng', 'cuisine'])).toEqual({
      name: 'name',
      address: 'address',
      latitude: 'lat',
      longitude: 'lng',
      foodItems: 'cuisine',
    });
    expect(guessMapping(['Truck_Name', 'Latitude', 'Longitude', 'Permit Number', 'Phone Number'])).toEqual({
      name: 'Truck_Name',
      latitude: 'Latitude',
      longitude: 'Longitude',
      sourceId: 'Permit Number',
      phone: 'Phone Number',
    });
  });

  it('uses each column once and leaves unknown ones unmapped', () => {
    expect(guessMapping(['id', 'x', 'y', 'colour'])).toEqual({ sourceId: 'id', latitude: 'y', longitude: 'x' });
    expect(guessMapping(['foo', 'bar'])).toEqual({});
  });
});
