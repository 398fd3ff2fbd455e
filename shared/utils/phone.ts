/** Characters the spec strips from phone and username entries: hyphens, spaces and parentheses. */
export function stripPhoneFormatting(value: string): string {
  return value.replace(/[-\s()]/g, '');
}

/**
 * A phone number as people write it in the US — `512-555-0178`, `512.555.0178`, `(512) 555 0178`,
 * `+1 512 555 0178` — without its separators (hyphens, spaces, parentheses and dots). Usernames may
 * hold dots, so the login field keeps stripPhoneFormatting; phone fields use this.
 */
export function stripPhoneSeparators(value: string): string {
  return value.replace(/[-\s().]/g, '');
}

/**
 * Normalises a cleaned phone entry to E.164 (the one stored form). Ten digits are a North American number (+1);
 * eleven digits starting with 1 likewise; anything else keeps its digits behind a plus.
 */
export function toE164(value: string): string {
  const digits = stripPhoneSeparators(value).replace(/^\+/, '');
  if (digits.length === 10) return `+1${digits}`;
  return `+${digits}`;
}

/**
 * The one display form of a phone on every screen and in the truck forms: 3-3-4 for ten-digit (or +1
 * and ten-digit) numbers, as the spec has the admin tables show them; anything else as stored.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  return `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
}

/** A `tel:` link for a stored phone: the one dialable form, E.164 (RFC 3966). */
export function telHref(value: string): string {
  return `tel:${toE164(value)}`;
}
