import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { badgeVariants } from './badge';
import { buttonVariants } from './button';

describe('the variants of Button and Badge', () => {
  // A component called without `className` gets its variants' string unmerged: none may hold two
  // classes of one kind, or the stylesheet's order would pick between them.
  it('hold no two classes of one kind in any variant', () => {
    for (const variant of ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const) {
      for (const size of ['default', 'sm', 'lg', 'icon'] as const) {
        const classes = buttonVariants({ variant, size });
        expect(twMerge(classes), `${variant} ${size}`).toBe(classes);
      }
    }
    for (const variant of ['default', 'secondary', 'success', 'destructive', 'outline'] as const) {
      const classes = badgeVariants({ variant });
      expect(twMerge(classes), variant).toBe(classes);
    }
  });
});
