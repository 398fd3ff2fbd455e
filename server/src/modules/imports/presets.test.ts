import { describe, expect, it } from 'vitest';
import { detectPreset, resolveMapping, PRESETS } from './presets';

describe('import presets', () => {
  it("detects SF's permit and schedule formats from the header, in CSV or Socrata's lower-case JSON", () => {
    expect(detectPreset(['locationid', 'Applicant', 'FacilityType', 'Status', 'FoodItems', 'Latitude', 'Longitude'])).toBe('sf-permits');
    expect(detectPreset(['locationid', 'applicant', 'status', 'fooditems'])).toBe('sf-permits');
    expect(detectPreset(['dayofweekstr', 'start24', 'end24', 'applicant', 'locationid'])).toBe('sf-schedule');
    expect(detectPreset(['Truck', 'Location', 'Hours', 'Day'])).toBeUndefined();
  });

  it('resolves the mapping to the file’s spelling, or names the missing column', () => {
    expect(resolveMapping(PRESETS['sf-permits'].mapping, ['locationid', 'applicant', 'latitude', 'longitude'])).toEqual({
      mapping: { sourceId: 'locationid', name: 'applicant', latitude: 'latitude', longitude: 'longitude' },
    });
    expect(resolveMapping({ sourceId: 'id', name: 'Truck', latitude: 'lat', longitude: 'lng' }, ['id', 'lat', 'lng'])).toEqual({
      message: 'The file has no column named "Truck"',
    });
    // A required field not chosen, in the form's words.
    expect(resolveMapping({ name: 'name', latitude: 'lat', longitude: 'lng' }, ['name', 'lat', 'lng'])).toEqual({
      message: 'Choose the column that holds the source id',
    });
  });
});
