import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { GLYPH_ICONS } from '../src/components/ui/glyph-names';

type IconNode = [tag: string, attributes: Record<string, string>][];

const require = createRequire(import.meta.url);

/** A lucide icon's shapes, as lucide-react draws them (its icon module's `__iconData`). */
async function iconNode(name: string): Promise<IconNode> {
  const file = require.resolve(`lucide-react/dist/esm/icons/${name}.mjs`);
  const icon = (await import(pathToFileURL(file).href)) as { __iconData?: { node: IconNode } };
  if (!icon.__iconData) throw new Error(`lucide-react has no icon data for ${name}`);
  return icon.__iconData.node;
}

/** One icon as a `<symbol id="glyph-{name}">` of lucide's 24 × 24 box. */
export function iconSymbol(name: string, node: IconNode): string {
  const shapes = node
    .map(([tag, { key: _key, ...attributes }]) => {
      const list = Object.entries(attributes).map(([attribute, value]) => `${attribute}="${value}"`);
      return `<${tag} ${list.join(' ')}/>`;
    })
    .join('');
  return `<symbol id="glyph-${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
}

/**
 * The sprite `<Glyph>` draws from: a symbol per icon of GLYPH_ICONS. Lucide's stroke (2, round
 * joins, the text's colour) is `.glyph`'s, in index.css.
 */
export async function glyphSprite(): Promise<HtmlTagDescriptor> {
  const symbols = await Promise.all(GLYPH_ICONS.map(async (name) => iconSymbol(name, await iconNode(name))));
  return {
    tag: 'svg',
    attrs: { xmlns: 'http://www.w3.org/2000/svg', 'aria-hidden': 'true', style: 'position:absolute;width:0;height:0;overflow:hidden' },
    children: symbols.join(''),
    injectTo: 'body-prepend',
  };
}

/** The sprite at the start of the page's body (client/index.html), made from lucide's icons at build time. */
export function glyphs(): Plugin {
  return {
    name: 'ftf-glyphs',
    transformIndexHtml: async () => [await glyphSprite()],
  };
}
