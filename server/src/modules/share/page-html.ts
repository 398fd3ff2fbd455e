/**
 * Text put into HTML by the server (the share page's Open Graph tags, the embed card): every value
 * is escaped here, once, whatever its source — truck names and addresses are operators' free text.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A path on this server (`/objects/12`) as an absolute URL from PUBLIC_URL; absolute URLs stay. */
export const absoluteUrl = (publicUrl: string, ref: string): string =>
  /^https?:\/\//i.test(ref) ? ref : `${publicUrl}${ref.startsWith('/') ? '' : '/'}${ref}`;

/** `<meta property="og:title" content="…">` and friends; `null` values are left out. */
export function metaTags(tags: Record<string, string | null>): string {
  return Object.entries(tags)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([key, value]) => {
      const attribute = key.startsWith('og:') ? 'property' : 'name';
      return `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(value)}" />`;
    })
    .join('\n    ');
}

/**
 * The app's index.html with a page's own title, description and extra head tags. The shell's
 * `<title>` and description are replaced (crawlers read the first), the rest goes before `</head>`.
 */
export function withHead(shell: string, head: { title: string; description: string; tags: string }): string {
  return withTitle(shell, head.title)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `    ${head.tags}\n  </head>`);
}

/** The page with `title` as its `<title>`. */
export const withTitle = (html: string, title: string): string =>
  html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);

/** Served when the front end is not built (API tests, `npm run dev`'s API process). */
export const BARE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="" />
    <title>Food Truck Finder</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
