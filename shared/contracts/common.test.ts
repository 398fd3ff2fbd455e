import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalText } from './common';
import { stopInputSchema } from './schedules';

describe("rules without a message of their own say it as a person would, not in zod's words", () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('lengths of text', () => {
    expect(first(optionalText(300), 'x'.repeat(301))).toBe('Must be at most 300 characters');
    expect(first(z.string().min(3), 'ab')).toBe('Must be at least 3 characters');
    expect(first(z.string().min(1), '')).toBe('Required');
  });

  it('sizes of numbers and lists', () => {
    expect(first(z.number().max(10), 11)).toBe('Must be at most 10');
    expect(first(z.number().positive(), 0)).toBe('Must be more than 0');
    expect(first(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('At most 2 allowed');
  });

  it("a rule's own message wins", () => {
    expect(first(z.string().max(2, 'Keep it short'), 'abc')).toBe('Keep it short');
    const stop = { kind: 'weekly', weekday: 2, startTime: '11:00', endTime: '14:00', latitude: 30, longitude: -97, address: 'x'.repeat(301) };
    expect(stopInputSchema.safeParse(stop).error?.issues[0]?.message).toBe('Must be at most 300 characters');
  });
});
