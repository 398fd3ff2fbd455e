import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '../components/checkout';
import { keepDraft, readKeptDraft } from './use-kept-draft';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
}

describe('the cart kept across a reload', () => {
  it("keeps a truck's dishes and note, not the pickup time, and nothing once empty", () => {
    const store = memoryStore();
    keepDraft(7, { quantities: { 12: 2, 13: 1 }, pickup: '2026-12-07T18:30', note: 'No onions' }, store);
    expect(readKeptDraft(7, store)).toEqual({ quantities: { 12: 2, 13: 1 }, pickup: 'asap', note: 'No onions' });
    // Another truck's cart is its own.
    expect(readKeptDraft(8, store)).toEqual(EMPTY_DRAFT);
    keepDraft(7, EMPTY_DRAFT, store);
    expect(store.values.size).toBe(0);
  });

  it('throws away what it cannot trust', () => {
    const store = memoryStore();
    for (const bad of ['{', '"x"', '{"quantities":{"12":-1},"note":""}', '{"quantities":{"x":1},"note":""}', '{"quantities":{},"note":5}']) {
      store.values.set('checkout-draft:7', bad);
      expect(readKeptDraft(7, store)).toEqual(EMPTY_DRAFT);
    }
  });
});
