import { describe, expect, it } from 'vitest';
import { buildJsgf, vocabularyWords } from '../../integrations/speech/grammar';
import { guessPronunciation } from '../../integrations/speech/letter-to-sound';
import { buildLexicon, parseQuestion, spoken, TEMPLATES, vocabularyOf } from './voice-language';

const lexicon = buildLexicon(
  [
    { id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ' },
    { id: 2, name: "Joe's Tacos & More", cuisine: 'Mexican' },
    { id: 3, name: 'Food Truck 42', cuisine: 'Poke' },
  ],
  [{ id: 10, truckId: 1, name: 'Brisket Plate' }],
);

describe('spoken forms', () => {
  it('says symbols, abbreviations and numbers the way people do', () => {
    expect(spoken('Smokestack BBQ')).toBe('smokestack barbecue');
    expect(spoken("Joe’s Tacos & More!")).toBe("joe's tacos and more");
    expect(spoken('Food Truck 42')).toBe('food truck forty two');
    expect(spoken('Crêpe Café')).toBe('crepe cafe');
  });
});

describe('parseQuestion', () => {
  it('reads each kind of question, from the grammar or typed', () => {
    expect(parseQuestion('where is the nearest barbecue truck', lexicon)).toEqual({ kind: 'nearest', cuisine: 'BBQ', item: undefined });
    expect(parseQuestion('Where can I get a brisket plate?', lexicon)).toEqual({ kind: 'nearest', cuisine: undefined, item: 'brisket plate' });
    expect(parseQuestion('what is open right now', lexicon)).toEqual({ kind: 'open-now' });
    // The cuisine inside a truck's name is not a cuisine question.
    expect(parseQuestion('is smokestack barbecue open', lexicon)).toEqual({ kind: 'is-open', truckIds: [1] });
    expect(parseQuestion("What's on the menu at Joe's Tacos & More?", lexicon)).toEqual({ kind: 'menu', truckIds: [2] });
    expect(parseQuestion('how much is the brisket plate at smokestack bbq', lexicon)).toEqual({ kind: 'price', item: 'brisket plate', truckIds: [1] });
    expect(parseQuestion('are any of my favorites open', lexicon)).toEqual({ kind: 'favorites', openOnly: true });
    expect(parseQuestion("what's on their menu", lexicon)).toEqual({ kind: 'follow-up', ask: 'menu' });
    expect(parseQuestion('and the next one', lexicon)).toEqual({ kind: 'follow-up', ask: 'next' });
    expect(parseQuestion('how far away is it', lexicon)).toEqual({ kind: 'follow-up', ask: 'distance' });
    expect(parseQuestion('where will the taco truck be tomorrow', lexicon)).toEqual({ kind: 'schedule', when: 'tomorrow', cuisine: 'Mexican' });
    expect(parseQuestion("Where will Joe's Tacos & More be today?", lexicon)).toEqual({ kind: 'schedule', when: 'today', truckIds: [2] });
    expect(parseQuestion('when is smokestack barbecue open next', lexicon)).toEqual({ kind: 'schedule', when: 'next', truckIds: [1] });
    expect(parseQuestion('tell me a joke', lexicon)).toEqual({ kind: 'unknown' });
    expect(parseQuestion('', lexicon)).toEqual({ kind: 'unknown' });
  });
});

describe('the grammar', () => {
  const vocabulary = vocabularyOf(lexicon, '7');

  it('has every template and one rule per slot, in the same spoken forms the parser uses', () => {
    const jsgf = buildJsgf(vocabulary);
    expect(jsgf).toContain('public <question> = ');
    expect(jsgf).toContain("<truck> = smokestack barbecue | joe's tacos and more | food truck forty two;");
    expect(jsgf).toMatch(/<cuisine> = [^;]*\bbarbecue\b[^;]*\bpoke\b/);
    expect(jsgf).toContain('<item> = brisket plate;');
    expect(jsgf.split('|').length).toBeGreaterThan(TEMPLATES.length);
    expect(vocabularyWords(vocabulary)).toContain('smokestack');
  });

  it('leaves out the templates of an empty slot (no menu items yet) and adds the rejection loop only when asked', () => {
    const empty = buildJsgf({ ...vocabulary, slots: { ...vocabulary.slots, item: [] } });
    expect(empty).not.toContain('<item>');
    expect(empty).not.toContain('VOID');
    expect(empty).toContain('<truck> = ');
    expect(empty).not.toContain('ph_');
    expect(buildJsgf(vocabulary, { rejection: 1e-7 })).toMatch(/\| \/1e-7\/ <phone>\+;/);
  });

  it('guesses pronunciations in the acoustic model\'s phone set', () => {
    expect(guessPronunciation('vagabonda')).toBe('V AE G AE B AA N D AE');
    expect(guessPronunciation('cheese')).toBe('CH IY S');
    expect(guessPronunciation('gordo')).toBe('G AO R D AA');
    expect(guessPronunciation('x')).toBe('EH K S');
  });
});
