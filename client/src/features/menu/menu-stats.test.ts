import { describe, expect, it } from 'vitest';
import { parseMenuItemForm } from './components/menu-item-dialog';
import { categoryCounts, menuStats } from './menu-stats';

const items = [
  { price: 10, available: true, soldOutToday: false, category: 'Sides' },
  { price: 5.5, available: false, soldOutToday: false, category: 'Main Dishes' },
  { price: 4.5, available: true, soldOutToday: false, category: 'Sides' },
  { price: 3, available: true, soldOutToday: false, category: null },
];

describe('menu stats', () => {
  it('count items, available items and the average price', () => {
    expect(menuStats(items)).toEqual({ total: 4, available: 3, averagePrice: 5.75 });
    // A dish sold out today is not available today.
    expect(menuStats(items.map((i, k) => (k === 0 ? { ...i, soldOutToday: true } : i))).available).toBe(2);
    expect(menuStats([])).toEqual({ total: 0, available: 0, averagePrice: 0 });
  });
  it('list All plus the categories present in menu order, with counts', () => {
    expect(categoryCounts(items)).toEqual([
      { category: 'All', count: 4 },
      { category: 'Main Dishes', count: 1 },
      { category: 'Sides', count: 2 },
    ]);
  });
});

describe('menu item form', () => {
  const base = { name: 'Taco', price: '3.75', description: '', category: '', available: true, diets: {}, allergens: {} };
  it('coerces the price and leaves an empty category out', () => {
    expect(parseMenuItemForm(base)).toEqual({
      success: true,
      data: { name: 'Taco', price: 3.75, description: '', category: undefined, available: true, diets: {}, allergens: {} },
    });
  });
  it('gives the spec messages for a missing name and a price of 0', () => {
    expect(parseMenuItemForm({ ...base, name: ' ', price: '0' })).toEqual({
      success: false,
      errors: { name: 'Name is required', price: 'Price must be greater than 0' },
      messages: ['Name is required', 'Price must be greater than 0'],
    });
    expect(parseMenuItemForm({ ...base, price: '' })).toMatchObject({
      success: false,
      errors: { price: 'Price must be greater than 0' },
    });
  });
});
