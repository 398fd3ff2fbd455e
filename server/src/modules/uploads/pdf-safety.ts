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
 * The first active feature found in the PDF's bytes (also inside Flate-compressed streams), or
 * undefined for a plain document. Latin-1 keeps every byte as one character.
 */
export function pdfActiveContent(bytes: Buffer): string | undefined {
  const texts = [bytes.toString('latin1')];
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
  }
  return undefined;
}
