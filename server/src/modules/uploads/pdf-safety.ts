import { inflateSync } from 'node:zlib';

/**
 * PDF features a menu never needs and an attacker does: scripts, actions that launch programs or
 * submit data, embedded files, Flash/3D, XFA forms. Encrypted PDFs are refused too, because their
 * contents cannot be checked.
 */
const ACTIVE_NAMES = [
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'Encrypt',
];
const ACTIVE = new RegExp(`/(?:${ACTIVE_NAMES.join('|')})(?![A-Za-z0-9])`);
/** Stream bodies to inflate: objects can hide inside compressed object streams (PDF 1.5). */
const STREAM = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
/** Inflating stops here: a 10 MB document that inflates past this is refused as a bomb. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** Names may spell any character as #xx (`/J#61vaScript` is `/JavaScript`). */
const decodeNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()%{}]*/g, (name) => name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));

/**
 * Strings as a reader sees them: hex strings (`<6A61…>`) decoded, and in literal strings the octal
 * escapes (`\152`) and escaped characters (`\j` is `j`) resolved, so `javascript:` cannot hide.
 */
const decodeStrings = (text: string) =>
  text
    .replace(/<([0-9A-Fa-f\s]+)>/g, (_m, hex: string) => {
      const digits = hex.replace(/\s/g, '');
      return digits.length % 2 === 0 ? Buffer.from(digits, 'hex').toString('latin1') : _m;
    })
    .replace(/\\\r?\n/g, '')
    .replace(/\\([0-7]{1,3})/g, (_m, octal: string) => String.fromCharCode(parseInt(octal, 8) & 0xff))
    .replace(/\\(.)/g, '$1');
/** A link or action that runs script in a reader that follows it (`/URI(javascript:…)`). */
const SCRIPT_URI = /(?:java|vb)script\s*:/i;
/** Markup a browser would run if it ever took the file for HTML (issue 32: HTML behind `%PDF-1.4`). */
const HTML = /<\s*(?:!doctype\s+html|html|head|body|script|iframe|svg|object|embed|meta|img)[\s>/]/i;
/** What every PDF has: numbered objects and an end-of-file marker. */
const STRUCTURE = [/\d+\s+\d+\s+obj\b/, /%%EOF/];

/**
 * The first active feature found in the PDF's bytes (also inside Flate-compressed streams), or
 * undefined for a plain document: scripts and risky actions, `javascript:` links, HTML markup, or
 * no PDF structure at all behind the `%PDF-` header. Latin-1 keeps every byte as one character.
 */
export function pdfActiveContent(bytes: Buffer): string | undefined {
  const raw = bytes.toString('latin1');
  if (!STRUCTURE.every((part) => part.test(raw))) return 'no PDF structure';
  if (HTML.test(raw)) return 'HTML';
  const texts = [raw];
  let inflated = 0;
  for (const match of texts[0]?.matchAll(STREAM) ?? []) {
    try {
      const body = inflateSync(Buffer.from(match[1] ?? '', 'latin1'), { maxOutputLength: MAX_INFLATED_BYTES - inflated });
      inflated += body.length;
      texts.push(body.toString('latin1'));
    } catch (error) {
      // Not Flate data (images, other filters), or over the budget.
      if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'a stream too large to check';
    }
  }
  for (const text of texts) {
    const found = ACTIVE.exec(decodeNames(text));
    if (found) return found[0];
    if (SCRIPT_URI.test(decodeStrings(text))) return 'a javascript: link';
  }
  return undefined;
}
