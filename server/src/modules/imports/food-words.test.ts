import { describe, expect, it } from 'vitest';
import { cuisineOf, foodWordsOf } from './food-words';

describe('food words and cuisine from free text', () => {
  it('keeps the food, drops the filler, in order', () => {
    expect(foodWordsOf('Hot dogs and related toppings: non alcoholic beverages')).toBe('hot dogs, toppings, non alcoholic beverages');
    expect(foodWordsOf('Tacos: Burritos: Tacos; etc.')).toBe('tacos, burritos');
    expect(foodWordsOf('')).toBe('');
  });

  it('names the cuisine the text mentions first', () => {
    expect(cuisineOf('Hot dogs and related toppings: non alcoholic beverages')).toBe('American');
    expect(cuisineOf('Tacos: burritos: quesadillas: horchata')).toBe('Mexican');
    expect(cuisineOf('Coffee: espresso: pastries')).toBe('Coffee');
    expect(cuisineOf('Cold Truck: soda: chips')).toBe('Other');
  });
});
