import type { Page } from '@shared/contracts';
import { stripPhoneFormatting } from '@shared/utils/phone';

/**
 * A LIKE pattern for a case-insensitive substring search ('%term%', lower-cased, with LIKE's own
 * characters escaped). A term that is a phone number as people type it ('(512) 555-01') loses its
 * formatting first, so it matches the stored E.164 number.
 */
export function substringPattern(search: string): string {
  const stripped = stripPhoneFormatting(search);
  const term = /^\+?\d+$/.test(stripped) ? stripped : search.trim();
  return `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/** A page of rows fetched newest first with `limit`: the next cursor is the last id when the page is full. */
function pageOf<T extends { id: number }>(items: T[], total: number, limit: number): Page<T> {
  const last = items.at(-1);
  return { items, total, nextCursor: items.length === limit && last ? last.id : null };
}

/** Runs a page's rows query and its count query together and builds the page. */
export async function fetchPage<T extends { id: number }>(
  items: PromiseLike<T[]>,
  counted: PromiseLike<{ n: number }[]>,
  limit: number,
): Promise<Page<T>> {
  const [rows, [total]] = await Promise.all([items, counted]);
  return pageOf(rows, total?.n ?? 0, limit);
}
