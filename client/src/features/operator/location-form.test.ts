import { describe, expect, it } from 'vitest';
import { locationErrorMessage } from '@client/lib/geolocation';
import { NULL_ISLAND_MESSAGE } from '@shared/contracts';
import { parseLocationForm } from './location-form';

describe('Update Location form', () => {
  it('refuses an empty or non-numeric coordinate on its field instead of sending 0 (issue 24)', () => {
    const empty = parseLocationForm({ latitude: '', longitude: '  ', address: '', isOpen: false });
    expect(empty).toMatchObject({
      success: false,
      errors: { latitude: 'Latitude is required', longitude: 'Longitude is required' },
    });
    const words = parseLocationForm({ latitude: 'abc', longitude: '12,5', address: '', isOpen: true });
    expect(words).toMatchObject({
      success: false,
      errors: { latitude: 'Latitude must be a number', longitude: 'Longitude must be a number' },
    });
  });
  it('refuses exactly 0, 0 as a mistake, but not one coordinate at 0', () => {
    expect(parseLocationForm({ latitude: '0', longitude: '0.000', address: '', isOpen: true })).toMatchObject({
      success: false,
      errors: { latitude: NULL_ISLAND_MESSAGE, longitude: NULL_ISLAND_MESSAGE },
    });
    expect(parseLocationForm({ latitude: '0', longitude: '-78.5', address: '', isOpen: true }).success).toBe(true);
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
