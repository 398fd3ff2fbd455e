import type { FILLED_GLYPHS, GlyphName } from './glyph-names';

const FILLED_SUFFIX = '-filled';
const isFilled = (name: GlyphName): name is `${(typeof FILLED_GLYPHS)[number]}-filled` => name.endsWith(FILLED_SUFFIX);

/**
 * A decorative lucide icon drawn from the page's sprite (client/build/glyphs.ts): an `<svg>` and a
 * `<use>`. Size it with `h-* w-*`; colour it with `text-*`. The list's cards draw theirs this way
 * (issue 33): as lucide-react components, 20 cards were 160 SVGs of 4–5 elements each, half the
 * first screen's elements, and React set some 30 attributes per icon.
 */
export function Glyph({ name, className }: { name: GlyphName; className?: string }) {
  const filled = isFilled(name);
  const symbol = filled ? name.slice(0, -FILLED_SUFFIX.length) : name;
  const classes = filled ? 'glyph glyph-filled' : 'glyph';
  return (
    <svg aria-hidden className={className ? `${classes} ${className}` : classes}>
      <use href={`#glyph-${symbol}`} />
    </svg>
  );
}
