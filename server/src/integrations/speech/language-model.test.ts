import { describe, expect, it } from 'vitest';
import { corpusClasses, corpusSentences, dinerCorpus, DINER_PHRASINGS, expandPhrasing, withoutSentences } from './diner-corpus';
import { buildLanguageModel } from './grammar';
import { bigramToFsg, sentenceLogProb, trainBigram, unseenPairShare } from './language-model';

const words = (text: string) => text.split(' ');

describe('expanding a phrasing', () => {
  it('produces every sentence of its choices and optional parts, slots kept as classes', () => {
    const sentences = expandPhrasing('(find | show) me [some] <cuisine>').map((s) => s.join(' '));
    expect(sentences.sort()).toEqual(['find me <cuisine>', 'find me some <cuisine>', 'show me <cuisine>', 'show me some <cuisine>']);
    expect(expandPhrasing('is [it | they] open [now]')).toHaveLength(6);
  });

  it('refuses an unbalanced phrasing', () => {
    expect(() => expandPhrasing('find (me | us')).toThrow(/unbalanced/);
    expect(() => expandPhrasing('find me ] now')).toThrow(/unbalanced/);
  });

  it('the diner phrasings all expand, and say what the issue’s diners say', () => {
    const vocabulary = { slots: { truck: ['smokestack barbecue'], cuisine: ['coffee', 'barbecue', 'vegan', 'taco'], item: ['brisket', 'burrito'], place: ['capitol'] } };
    const corpus = dinerCorpus({ templates: [] });
    const sentences = corpusSentences(corpus, corpusClasses(vocabulary));
    for (const asked of [
      'find me some coffee',
      'i want taco',
      'anything vegan around here',
      "what's open right now",
      'how late is smokestack barbecue open',
      'is there food near the capitol',
      'the closest place for a burrito',
      "where's my favourite truck today",
      'is there any barbecue open now',
      'which trucks are open after eight pm',
      'how much is the brisket',
      "what's the cheapest taco near me",
    ]) {
      expect(sentences.has(asked), asked).toBe(true);
    }
    expect(DINER_PHRASINGS.length).toBeGreaterThan(50);
  });
});

describe('the bigram model', () => {
  const corpus = ['is <truck> open', 'is <truck> open now', 'where is <truck>', 'find me <cuisine>'].map(words);
  const model = trainBigram(corpus);

  it('gives each history a distribution that sums to one (seen pairs plus backoff)', () => {
    for (const [previous, row] of model.bigrams) {
      const seen = [...row.values()].reduce((sum, p) => sum + 10 ** p, 0);
      expect(seen + 10 ** model.backoff.get(previous)!, previous).toBeCloseTo(1, 10);
    }
    const unigrams = [...model.unigrams.values()].reduce((sum, p) => sum + 10 ** p, 0);
    expect(unigrams).toBeCloseTo(1, 10);
  });

  it('prefers the corpus’s word order, and still reaches an order it never saw', () => {
    const seen = sentenceLogProb(model, words('is <truck> open now'));
    const unseen = sentenceLogProb(model, words('open <truck> is now'));
    expect(seen).toBeGreaterThan(unseen);
    expect(Number.isFinite(unseen)).toBe(true);
    // A word outside the corpus has no probability.
    expect(sentenceLogProb(model, words('is <truck> shut'))).toBe(-Infinity);
  });

  it('refuses a discount outside (0, 1)', () => {
    expect(() => trainBigram(corpus, { discount: 1 })).toThrow();
  });
});

describe('the model as a finite-state grammar', () => {
  it('writes a well-formed FSG: classes as member paths, backoff as null transitions, a phone loop', () => {
    const model = trainBigram([words('is <truck> open')]);
    const fsg = bigramToFsg(model, {
      classes: { truck: [['taco', 'libre'], ['burger', 'bus']] },
      rejection: { weight: 1e-7, phoneWords: ['ph_aa', 'ph_b'] },
    });
    const lines = fsg.trim().split('\n');
    expect(lines[0]).toBe('FSG_BEGIN diner');
    expect(lines.at(-1)).toBe('FSG_END');
    const states = Number(/NUM_STATES (\d+)/.exec(fsg)?.[1]);
    const transitions = lines.filter((l) => l.startsWith('TRANSITION ')).map((l) => l.split(' '));
    for (const [, from, to, p] of transitions) {
      expect(Number(from)).toBeLessThan(states);
      expect(Number(to)).toBeLessThan(states);
      expect(Number(p)).toBeGreaterThan(0);
      expect(Number(p)).toBeLessThanOrEqual(1);
    }
    const emitted = transitions.filter((t) => t.length === 5).map((t) => t[4]);
    expect(emitted).toEqual(expect.arrayContaining(['is', 'open', 'taco', 'libre', 'burger', 'bus', 'ph_aa', 'ph_b']));
    // The class token itself is never a word the decoder hears.
    expect(emitted).not.toContain('<truck>');
    // Each member is equally likely from the class's entry.
    const firsts = transitions.filter((t) => t[4] === 'taco' || t[4] === 'burger');
    expect(firsts.map((t) => Number(t[3]))).toEqual([0.5, 0.5]);
  });

  it('is rebuilt from the live names, and lists a pronunciation for every word it can produce', () => {
    const vocabulary = { version: '1', slots: { truck: ['gordo burrito bus'], cuisine: ['coffee'], item: ['elote'] }, templates: ['is <truck> open'] };
    const { fsg, words: pronounced } = buildLanguageModel(vocabulary, { rejection: 1e-7 });
    expect(fsg).toContain(' gordo');
    expect(fsg).toContain(' elote');
    const listed = new Set(pronounced.map(([w]) => w));
    for (const line of fsg.split('\n')) {
      const word = line.split(' ')[4];
      if (word && !word.startsWith('ph_')) expect(listed.has(word), word).toBe(true);
    }
  });
});

describe('keeping held-out questions out of the corpus', () => {
  it('drops every corpus sentence that can say a held-out question, and nothing else', () => {
    const classes = { truck: [['taco', 'libre'], ['burger', 'bus']] };
    const corpus = ['is <truck> open', 'is <truck> open now', 'where is <truck>'].map(words);
    const kept = withoutSentences(corpus, classes, ['is taco libre open']);
    expect(kept.map((s) => s.join(' '))).toEqual(['is <truck> open now', 'where is <truck>']);
    expect(corpusSentences(kept, classes).has('is taco libre open')).toBe(false);
    expect(withoutSentences(corpus, classes, [])).toBe(corpus);
  });
});

describe('judging a transcript by the pairs the corpus never had', () => {
  const classes = { truck: [['taco', 'libre']], cuisine: [['coffee'], ['barbecue']] };
  const model = trainBigram(['is <truck> open', 'is <truck> open now', 'find me some <cuisine>', 'is there any <cuisine> open now'].map(words));

  it('is 0 for a question of the corpus with its slots filled, and high for words forced into the model', () => {
    expect(unseenPairShare(model, classes, 'is taco libre open now')).toBe(0);
    expect(unseenPairShare(model, classes, 'find me some coffee')).toBe(0);
    expect(unseenPairShare(model, classes, 'open some is me now find')).toBeGreaterThan(0.5);
  });

  it('is in between for a new phrasing made of the corpus’s pairs and a few new ones', () => {
    const share = unseenPairShare(model, classes, 'find me some coffee now');
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.5);
  });
});
