import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('lets a later class win a conflict with an earlier one', () => {
    expect(cn('h-10 px-4 text-sm', 'h-8 w-8')).toBe('px-4 text-sm h-8 w-8');
    expect(cn('text-gray-700', false, undefined, 'text-red-700')).toBe('text-red-700');
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
