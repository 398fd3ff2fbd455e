import type { TruckListingInfo } from '../constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * What a card, popup and the public page say of an unclaimed listing (issue 26):
 * "Unclaimed · from SF open data, updated 12 Nov" (the source's date, in UTC).
 */
export function listingLine(listing: TruckListingInfo): string {
  const date = new Date(listing.sourceUpdatedAt);
  const updated = Number.isNaN(date.getTime()) ? '' : `, updated ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  return `Unclaimed · from ${listing.sourceName}${updated}`;
}
