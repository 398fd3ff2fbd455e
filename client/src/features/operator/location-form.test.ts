import { describe, expect, it } from 'vitest';
import { locationErrorMessage } from '@client/lib/geolocation';
import { parseLocationForm, toCoordinate } from './location-form';

describe('Update Location form', () => {
  it('falls back to 0 for coordinates that are not numeric', () => {
    expect(toCoordinate('')).toBe(0);
    expect(toCoordinate('abc')).toBe(0);
    expect(toCoordinate('30.25')).toBe(30.25);
  });
  it('builds the request from the inputs', () => {
    expect(
      parseLocationForm({
        latitude: '30.2672',
        longitude: '-97.7431',
        address: ' Near the park ',
        isOpen: true,
      }),
    ).toEqual({
      success: true,
      data: { latitude: 30.2672, longitude: -97.7431, address: 'Near the park', isOpen: true },
    });
  });
  it('sends no address when the truck moved and its old description was left unchanged', () => {
    const before = { latitude: 30.2672, longitude: -97.7431, address: '100 Congress Ave' };
    const values = { latitude: '30.25', longitude: '-97.77', address: '100 Congress Ave', isOpen: true };
    const moved = parseLocationForm(values, before);
    expect(moved.success && moved.data.address).toBeUndefined();
    const described = parseLocationForm({ ...values, address: 'By the lake' }, before);
    expect(described.success && described.data.address).toBe('By the lake');
    const stayed = parseLocationForm({ ...values, latitude: '30.2672', longitude: '-97.7431' }, before);
    expect(stayed.success && stayed.data.address).toBe('100 Congress Ave');
  });
  it('reports coordinates out of range on their fields', () => {
    const result = parseLocationForm({ latitude: '91', longitude: '-200', address: '', isOpen: false });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.errors).sort()).toEqual(['latitude', 'longitude']);
  });
});

describe('locationErrorMessage', () => {
  it('gives the spec text per geolocation error code', () => {
    expect(locationErrorMessage({ code: 1 })).toBe(
      'Location access denied. Please enable location permissions.',
    );
    expect(locationErrorMessage({ code: 2 })).toBe('Location information unavailable.');
    expect(locationErrorMessage({ code: 3 })).toBe('Location request timed out.');
    expect(locationErrorMessage(new Error('x'))).toBe('Unable to get your location.');
  });
});
