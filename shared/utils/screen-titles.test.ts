import { describe, expect, it } from 'vitest';
import { documentTitle, screenTitleOf } from './screen-titles';

describe('screen titles', () => {
  it('names the screens at fixed addresses, with or without a trailing slash, and ends with the app', () => {
    expect(documentTitle(screenTitleOf('/find-trucks'))).toBe('Find Food Trucks · Food Truck Finder');
    expect(screenTitleOf('/favorites/')).toBe('Your Favorite Food Trucks');
    expect(screenTitleOf('/admin/login')).toBe('Admin sign in');
  });

  it('leaves the landing page and the screens of one truck or order to the app name or their own title', () => {
    expect(documentTitle(screenTitleOf('/'))).toBe('Food Truck Finder');
    expect(screenTitleOf('/trucks/12')).toBeNull();
    expect(screenTitleOf('/orders/3')).toBeNull();
    expect(screenTitleOf('/no-such-screen')).toBeNull();
  });
});
