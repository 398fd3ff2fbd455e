import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge as fullMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS } from './class-groups';
import { cn } from './utils';

describe('cn', () => {
  it('lets a later class win a conflict with an earlier one', () => {
    expect(cn('h-10 px-4 text-sm', 'h-8 w-8')).toBe('px-4 text-sm h-8 w-8');
    expect(cn('text-gray-700', false, undefined, 'text-red-700')).toBe('text-red-700');
    // A group's rivals too: padding over its sides, a dimmed card's background over the white one.
    expect(cn('px-4 py-2', 'p-0')).toBe('p-0');
    expect(cn('rounded-xl bg-white', 'border-dashed bg-gray-50')).toBe('rounded-xl border-dashed bg-gray-50');
    expect(cn('text-sm font-medium', 'text-xs')).toBe('font-medium text-xs');
    expect(cn('hover:shadow-md sm:p-4', 'hover:shadow-none sm:p-2')).toBe('hover:shadow-none sm:p-2');
  });

  it('returns a single string as written, dropping the parts whose condition is false', () => {
    const hidden = false as boolean;
    expect(cn('rounded-md bg-gray-200', undefined, hidden && 'hidden')).toBe('rounded-md bg-gray-200');
    expect(cn(undefined, '')).toBe('');
  });

  it('joins arrays and objects as clsx does, merged', () => {
    expect(cn(['h-4', { 'h-6': true, hidden: false }])).toBe('h-6');
  });
});

/** Every word of every string literal in the app's own code (tests aside) that could be a class. */
function writtenClasses(): string[] {
  // Vitest runs from the repository's root (jsdom's import.meta.url is not a file's).
  const src = path.resolve('client/src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const words = new Set<string>();
  for (const file of files)
    for (const [, , text = ''] of readFileSync(path.join(src, file), 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
      for (const word of text.split(/\s+/))
        // An arbitrary property ([content-visibility:auto]) is its own group in every configuration.
        if (/^[!\w@[\]:\-./%()#,&>*=+]+$/.test(word) && /[a-z]/.test(word) && !/(^|:)!?\[[a-z-]+:/.test(word))
          words.add(word);
  return [...words];
}

describe("cn's class groups (class-groups.ts)", () => {
  const classes = writtenClasses();

  it('hold the group of every class written in client/src: a class of another group would not override its rival', () => {
    const config = getDefaultConfig();
    const ours = new Set<string>(CLASS_GROUPS);
    const missing = Object.keys(config.classGroups).filter((group) => {
      if (ours.has(group)) return false;
      // A merge that knows this group alone: it keeps one of two equal classes only if they are its own.
      const alone = createTailwindMerge(() => ({
        ...config,
        classGroups: { [group]: config.classGroups[group as keyof typeof config.classGroups] },
        conflictingClassGroups: {},
        conflictingClassGroupModifiers: {},
      }));
      return classes.some((c) => alone(`${c} ${c}`) === c);
    });
    expect(missing, 'add these groups to client/src/lib/class-groups.ts').toEqual([]);
  });

  it('merge the classes written in client/src as the whole of tailwind-merge does', () => {
    expect(classes.length).toBeGreaterThan(500);
    // Every class against 40 others, the same ones each run.
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647) % classes.length;
    const differ: string[] = [];
    for (const a of classes)
      for (let i = 0; i < 40; i++) {
        const b = classes[next()] ?? '';
        if (cn(a, b) !== fullMerge(a, b)) differ.push(`${a} + ${b}`);
      }
    expect(differ).toEqual([]);
  });
});
