import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Class names joined (clsx), a later one winning a Tailwind conflict with an earlier one
 * (tailwind-merge). One string alone (no `className` passed, the other parts' conditions false) has
 * nothing to resolve and is returned as written: about half the first screen's calls (issue 33).
 */
export function cn(...inputs: ClassValue[]): string {
  const given = inputs.filter(Boolean);
  const only = given.length === 1 ? given[0] : undefined;
  return typeof only === 'string' ? only : twMerge(clsx(inputs));
}
