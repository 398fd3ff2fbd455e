import { describe, expect, it } from 'vitest';
import { buildJsgf, vocabularyWords } from '../../integrations/speech/grammar';
import { guessPronunciation } from '../../integrations/speech/letter-to-sound';
import { corpusClasses, dinerCorpus, expandPhrasing, withoutSentences } from '../../integrations/speech/diner-corpus';
import { buildLexicon, spoken, spokenPlaceForms, TEMPLATES, vocabularyOf } from './voice-language';

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

describe('spokenPlaceForms: how diners say a place', () => {
  it('says street words in full and ordinals in words, with and without the house number', () => {
    expect(spokenPlaceForms('1300 E 6th St, Austin, TX 78702')).toEqual({
      forms: ['one three zero zero e sixth st', 'one three zero zero east sixth street', 'east sixth street', 'e sixth st'],
      said: 'east sixth street',
    });
  });
  it('reads a leading St as Saint and leaves names without numbers alone', () => {
    expect(spokenPlaceForms('St Elmo Market').said).toBe('saint elmo market');
    expect(spokenPlaceForms('the Capitol').forms).toEqual(['capitol']);
  });
});

describe('vocabularyOf: what the offline recogniser may hear', () => {
  const lexicon = buildLexicon(
    [{ id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ' }],
    [],
    ['the Capitol', '1100 S Congress Ave, Austin, TX'],
  );
  const vocabulary = vocabularyOf(lexicon, '1');
  it('names places (landmarks, streets) as a slot, as said, without house numbers', () => {
    expect(vocabulary.slots.place).toEqual(['capitol', 'south congress avenue']);
  });
  it('hears every cuisine but the catch-all "Other" as a food, and no food as "other"', () => {
    const foods = vocabulary.slots.cuisine ?? [];
    expect(foods).toEqual(expect.arrayContaining(['barbecue', 'mexican', 'fusion']));
    expect(foods).not.toContain('other');
    const withOther = buildLexicon([{ id: 2, name: 'Odd Bits', cuisine: 'Other' }], []);
    expect(vocabularyOf(withOther, '2').slots.cuisine).not.toContain('other');
  });
  it("counts the understanding layer's example phrasings, in the grammar's notation", () => {
    expect(vocabulary.templates).toContain('is there food near [the] <place>');
    expect(vocabulary.templates).toContain('which trucks are open after <hour> [pm | p m]');
    expect(vocabulary.templates.every((t) => !/[{}?]/.test(t))).toBe(true);
    for (const template of vocabulary.templates) expect(() => expandPhrasing(template)).not.toThrow();
  });
});

describe('the attribute questions (issue 28) in what the offline recogniser can hear', () => {
  const vocabulary = vocabularyOf(
    buildLexicon([{ id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ' }, { id: 2, name: 'Taco Libre', cuisine: 'Mexican' }], []),
    '1',
  );
  const corpus = dinerCorpus(vocabulary);
  const classes = corpusClasses(vocabulary);
  // A sentence is in the corpus when leaving it out (as the bench's held-out set does) removes some.
  const inCorpus = (sentence: string) => withoutSentences(corpus, classes, [sentence]).length < corpus.length;

  it.each([
    'who takes cards near me',
    'is there vegan food open now',
    'does smokestack barbecue have anything gluten free',
    'is the taco truck wheelchair accessible',
    'which trucks take cash',
    'does taco libre have seating',
  ])('%s', (question) => {
    expect(inCorpus(question)).toBe(true);
  });

  it('every attribute phrasing is a template', () => {
    expect(vocabulary.templates).toContain('does <truck> have anything gluten free');
    expect(vocabulary.templates).toContain('is the (<cuisine> | <item>) truck wheelchair accessible');
  });
});
