import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Glyph } from './glyph';

describe('Glyph', () => {
  it('draws the sprite’s symbol, hidden from screen readers, with the classes given', () => {
    const { container } = render(<Glyph name="map-pin" className="h-4 w-4 text-gray-500" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('class')).toBe('glyph h-4 w-4 text-gray-500');
    expect(svg?.querySelector('use')?.getAttribute('href')).toBe('#glyph-map-pin');
  });

  it('fills the outline of a filled glyph: the same symbol', () => {
    const { container } = render(<Glyph name="heart-filled" />);
    expect(container.querySelector('svg')?.getAttribute('class')).toBe('glyph glyph-filled');
    expect(container.querySelector('use')?.getAttribute('href')).toBe('#glyph-heart');
  });
});
