import type { TruckListingInfo } from '../constants';
import { formatDate } from './format';

/**
 * What a card, popup and the public page say of an unclaimed listing (issue 26):
 * "Unclaimed · from SF open data, updated Nov 12, 2026" (the source's date, in UTC, written as every
 * other date with its year is: shared/utils/format.ts, ADR 0153).
 */
export function listingLine(listing: TruckListingInfo): string {
  const date = formatDate(listing.sourceUpdatedAt, { timeZone: 'UTC' });
  return `Unclaimed · from ${listing.sourceName}${date ? `, updated ${date}` : ''}`;
}
