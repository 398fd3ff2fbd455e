import { describe, expect, it } from 'vitest';
import { GLYPH_ICONS } from '../src/components/ui/glyph-names';
import { glyphSprite, iconSymbol } from './glyphs';

describe('glyphs', () => {
  it('makes an icon a symbol of lucide’s 24 × 24 box, its shapes without React’s keys', () => {
    expect(
      iconSymbol('pin', [
        ['circle', { cx: '12', cy: '10', r: '3', key: 'a' }],
        ['path', { d: 'M16 2v4', key: 'b' }],
      ]),
    ).toBe('<symbol id="glyph-pin" viewBox="0 0 24 24"><circle cx="12" cy="10" r="3"/><path d="M16 2v4"/></symbol>');
  });

  it('puts a symbol for every listed icon, with lucide-react’s own shapes, in a hidden sprite at the body’s start', async () => {
    const sprite = await glyphSprite();
    expect(sprite).toMatchObject({ tag: 'svg', injectTo: 'body-prepend', attrs: { 'aria-hidden': 'true' } });
    const symbols = String(sprite.children);
    for (const name of GLYPH_ICONS) expect(symbols).toContain(`<symbol id="glyph-${name}" viewBox="0 0 24 24">`);
    // map-pin, as lucide-react 1.x draws it.
    expect(symbols).toContain('<symbol id="glyph-map-pin" viewBox="0 0 24 24"><path d="M20 10c0 4.993');
  });
});
