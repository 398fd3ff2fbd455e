import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS } from './class-groups';

const ours: ReadonlySet<string> = new Set(CLASS_GROUPS);
const onlyOurs = <T>(record: Readonly<Record<string, T>>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([group]) => ours.has(group)));

/**
 * tailwind-merge's default configuration cut to the class groups the app writes (class-groups.ts):
 * the same answers for our classes, for about half the set-up on the first merge (issue 33).
 */
const twMerge = createTailwindMerge(() => {
  const config = getDefaultConfig();
  return {
    ...config,
    classGroups: onlyOurs(config.classGroups),
    conflictingClassGroups: Object.fromEntries(
      Object.entries(onlyOurs(config.conflictingClassGroups)).map(([group, rivals]) => [
        group,
        rivals.filter((rival) => ours.has(rival)),
      ]),
    ),
    conflictingClassGroupModifiers: onlyOurs(config.conflictingClassGroupModifiers),
  };
});

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

/**
 * tailwind-merge builds its class map on the first merge: 15 ms of the main thread on a fast machine,
 * about 60 ms in one piece on a 4× slowed phone. Inside a render that piece cannot be split: it was
 * the navbar's, one of the longest tasks of a server-rendered page's hydration (issue 33). Called in
 * a task of its own while the app waits for its screen, the first render merges with the map built.
 */
export function warmClassMerge(): void {
  twMerge('p-0', 'p-1');
}
