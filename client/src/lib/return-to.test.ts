import { describe, expect, it } from 'vitest';
import { loginFor, returnPath, withReturn } from './return-to';

describe('return-to', () => {
  it("comes back to a truck page, an order, its checkout or one's orders, and only to those", () => {
    expect(returnPath('?next=%2Ftrucks%2F42')).toBe('/trucks/42');
    expect(returnPath(new URL(`http://x${withReturn('/login', '/order/3')}`).search)).toBe('/order/3');
    expect(returnPath('?next=%2Forders%2F12')).toBe('/orders/12');
    expect(returnPath('?next=%2Forders')).toBe('/orders');
    expect(returnPath(new URL(`http://x${withReturn('/register', '/trucks/7', { role: 'operator' })}`).search)).toBe('/trucks/7');
    for (const bad of ['//evil.example/trucks/1', 'https://evil.example', '/admin', '/trucks/1/../../admin', '/orders/', '/ordersx', '']) {
      expect(returnPath(`?next=${encodeURIComponent(bad)}`)).toBe(null);
    }
  });

  it("comes back to one's favourites, account and an operator's screens after a sign-in they asked for", () => {
    for (const path of ['/favorites', '/account', '/operator-dashboard', '/menu-management/4', '/edit-truck/4', '/operator/orders/4', '/create-truck']) {
      expect(loginFor(path)).toBe(`/login?next=${encodeURIComponent(path)}`);
      expect(returnPath(new URL(`http://x${loginFor(path)}`).search)).toBe(path);
    }
    // Nowhere else: a plain sign-in.
    expect(loginFor('/admin')).toBe('/login');
  });
});
