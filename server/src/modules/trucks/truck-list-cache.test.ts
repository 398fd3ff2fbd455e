import { describe, expect, it } from 'vitest';
import { JsonRepresentation } from '../../lib/json-representation';
import { RepresentationCache } from './truck-list-cache';

const rep = (text: string) => new JsonRepresentation(Buffer.from(text));
const options = { maxEntries: 2, maxBytes: 100, maxAgeMs: 1000 };

describe('RepresentationCache', () => {
  it('builds once for concurrent requests and then serves from memory', async () => {
    const cache = new RepresentationCache(options);
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 10));
      return rep('[1]');
    };
    const [a, b] = await Promise.all([cache.get('all', build), cache.get('all', build)]);
    expect(a).toBe(b);
    expect(cache.peek('all')).toBe(a);
    await cache.get('all', build);
    expect(builds).toBe(1);
  });

  it('drops everything on invalidate, and does not keep a build that a change overtook', async () => {
    const cache = new RepresentationCache(options);
    let release: () => void = () => {};
    const slow = cache.get('all', () => new Promise((r) => (release = () => r(rep('[old]')))));
    cache.invalidate();
    release();
    expect((await slow).identity.toString()).toBe('[old]');
    expect(cache.peek('all')).toBeUndefined();
    const fresh = await cache.get('all', async () => rep('[new]'));
    expect(fresh.identity.toString()).toBe('[new]');
    cache.invalidate();
    expect(cache.peek('all')).toBeUndefined();
  });

  it('evicts the least recently used entry, skips oversized bodies and expires old entries', async () => {
    let now = 0;
    const cache = new RepresentationCache({ ...options, now: () => now });
    await cache.get('a', async () => rep('[1]'));
    await cache.get('b', async () => rep('[2]'));
    await cache.get('a', async () => rep('[unused]'));
    await cache.get('c', async () => rep('[3]'));
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')?.identity.toString()).toBe('[1]');
    await cache.get('big', async () => rep(`[${'1,'.repeat(100)}1]`));
    expect(cache.peek('big')).toBeUndefined();
    now = 1001;
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps a body of any size within the total, evicting the least recently used to make room', async () => {
    const cache = new RepresentationCache(options);
    const body = (n: number) => rep(`[${'1'.repeat(n - 2)}]`);
    await cache.get('a', async () => body(30));
    await cache.get('b', async () => body(30));
    expect(cache.totalBytes).toBe(60);
    // 60 bytes: kept, and to stay within 100 bytes the least recently used goes.
    await cache.get('big', async () => body(60));
    expect(cache.peek('big')?.identity.length).toBe(60);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')?.identity.length).toBe(30);
    expect(cache.totalBytes).toBe(90);
    // Expiry and invalidation give their bytes back.
    cache.invalidate();
    expect(cache.totalBytes).toBe(0);
  });

  it('gives back the bytes of an expired entry', async () => {
    let now = 0;
    const cache = new RepresentationCache({ ...options, now: () => now });
    await cache.get('a', async () => rep('[1]'));
    expect(cache.totalBytes).toBe(3);
    now = 1001;
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.totalBytes).toBe(0);
  });
});

describe('RepresentationCache.expireSoon (rating votes)', () => {
  it('keeps entries until they are the given age, however many votes arrive, and shortens builds in flight', async () => {
    let now = 0;
    const cache = new RepresentationCache({ ...options, maxAgeMs: 60_000, now: () => now });
    await cache.get('all', async () => rep('[1]'));
    now = 1000;
    for (let i = 0; i < 50; i++) cache.expireSoon(5000);
    expect(cache.peek('all')).toBeDefined();
    now = 5001;
    expect(cache.peek('all')).toBeUndefined();
    // A build that a vote overtook is kept only for the short age.
    let release: () => void = () => {};
    const slow = cache.get('all', () => new Promise((r) => (release = () => r(rep('[2]')))));
    cache.expireSoon(5000);
    release();
    await slow;
    now = 9000;
    expect(cache.peek('all')).toBeDefined();
    now = 10_002;
    expect(cache.peek('all')).toBeUndefined();
  });
});

describe('JsonRepresentation', () => {
  it('compresses each encoding once, only when asked to and when the body is worth it', async () => {
    const big = new JsonRepresentation(
      Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'Taco Truck' })))),
      'best',
    );
    expect(big.encodings).toEqual(['br', 'gzip']);
    const first = big.encoded('gzip');
    expect(big.encoded('gzip')).toBe(first);
    expect((await first).length).toBeLessThan(big.identity.length / 4);
    expect(new JsonRepresentation(Buffer.from('[]'), 'best').encodings).toEqual([]);
    expect(new JsonRepresentation(big.identity).encodings).toEqual([]);
    expect(big.etag).toMatch(/^W\/"[\w-]+"$/);
    // A per-request answer is compressed fast: every client still gets the same bytes back.
    const fast = new JsonRepresentation(big.identity, 'fast');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(await fast.encoded('br')).equals(big.identity)).toBe(true);
  });
});
