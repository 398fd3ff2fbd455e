import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS } from './class-groups';

const ours: ReadonlySet<string> = new Set(CLASS_GROUPS);
const onlyOurs = <T>(record: Readonly<Record<string, T>>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([group]) => ours.has(group)));

/**
 * tailwind-merge's default configuration cut to the class groups the app writes (class-groups.ts):
 * the same answers for our classes, for about half the set-up on the first merge (issue 33). Built
 * once, on the first merge or by the warm-up's first two steps.
 */
const cutToOurs = (config: ReturnType<typeof getDefaultConfig>) => ({
  ...config,
  classGroups: onlyOurs(config.classGroups),
  conflictingClassGroups: Object.fromEntries(
    Object.entries(onlyOurs(config.conflictingClassGroups)).map(([group, rivals]) => [
      group,
      rivals.filter((rival) => ours.has(rival)),
    ]),
  ),
  conflictingClassGroupModifiers: onlyOurs(config.conflictingClassGroupModifiers),
});
let defaultConfig: ReturnType<typeof getDefaultConfig> | undefined;
let ourConfig: ReturnType<typeof cutToOurs> | undefined;
const fullConfig = () => (defaultConfig ??= getDefaultConfig());
function classMergeConfig() {
  if (ourConfig) return ourConfig;
  ourConfig = cutToOurs(fullConfig());
  defaultConfig = undefined;
  return ourConfig;
}

const twMerge = createTailwindMerge(classMergeConfig);

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
 * the navbar's, one of the longest tasks of a server-rendered page's hydration (issue 33). Run as
 * tasks of their own while the app waits for its screen (each step its own timer, queued together so
 * that a render queued after them finds the map built): tailwind-merge's configuration, ours cut
 * from it, then the class map.
 */
export const CLASS_MERGE_WARM_UP: readonly (() => void)[] = [
  () => void fullConfig(),
  () => void classMergeConfig(),
  () => void twMerge('p-0', 'p-1'),
];
