/**
 * The embed card's frame (issue 14), written once for the edit screen's snippet and the tests'
 * host page. The card fits whatever the frame: its stops scroll inside it and the link to the
 * truck's page stays at the bottom (server/src/modules/share/embed-card.ts); 300 px is the height
 * of a card with three stops at 360 px wide, so nothing needs scrolling by default (issue 27: the
 * link sat at 272 px in a 260-px frame).
 */
export const EMBED_FRAME = { width: 360, height: 300 } as const;

/** The `<iframe>` an operator pastes into their own website to show the truck's live card. */
export function embedSnippet(origin: string, truck: { id: number; name: string }): string {
  const title = `${truck.name} on Food Truck Finder`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${origin}/embed/trucks/${truck.id}" title="${title}" width="${EMBED_FRAME.width}" height="${EMBED_FRAME.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}
