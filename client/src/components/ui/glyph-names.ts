/**
 * The lucide icons drawn as glyphs (`<Glyph>`): each is a symbol of the sprite that the build puts
 * in the page (client/build/glyphs.ts), so only these are in it. A name in FILLED_GLYPHS also has a
 * `-filled` glyph, its outline filled (a favourite's heart).
 */
export const GLYPH_ICONS = [
  'accessibility',
  'armchair',
  'arrow-down-to-line',
  'banknote',
  'calendar-check',
  'calendar-clock',
  'chart-column',
  'check',
  'chevron-down',
  'clipboard-list',
  'clock',
  'credit-card',
  'hand-platter',
  'heart',
  'leaf',
  'map-pin',
  'map-pinned',
  'navigation',
  'paw-print',
  'power',
  'power-off',
  'radio',
  'smartphone',
  'square-pen',
  'toilet',
  'truck',
  'umbrella',
  'users',
  'utensils',
  'utensils-crossed',
] as const;
export const FILLED_GLYPHS = ['heart'] as const;

export type GlyphName = (typeof GLYPH_ICONS)[number] | `${(typeof FILLED_GLYPHS)[number]}-filled`;
