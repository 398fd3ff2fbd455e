import type { SpeechVocabulary } from './speech';

/**
 * A term of the vocabulary in a transcript of the language model (ADR 0170, 0171): where it
 * stands, and the other terms of its kind that could have been said there instead.
 */
export interface HeardTerm {
  /** Word positions in the transcript, `to` exclusive. */
  from: number;
  to: number;
  /** The term as heard (spoken form, as in the vocabulary's slot). */
  words: string;
  others: string[];
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The `terms` in `text`, longest first where they overlap, in the order they stand; none where
 * a word is `taken` already (a food word inside a truck's name).
 */
function termsIn(text: string, terms: readonly string[], taken = new Set<number>()): HeardTerm[] {
  const words = wordsOf(text);
  const all = [...new Set(terms)].map(wordsOf).filter((term) => term.length > 0);
  all.sort((a, b) => b.length - a.length);
  const found: HeardTerm[] = [];
  for (const term of all) {
    for (let at = 0; at + term.length <= words.length; at++) {
      if (term.some((word, k) => taken.has(at + k) || words[at + k] !== word)) continue;
      term.forEach((_, k) => taken.add(at + k));
      const said = term.join(' ');
      found.push({
        from: at,
        to: at + term.length,
        words: said,
        others: all.map((t) => t.join(' ')).filter((t) => t !== said),
      });
    }
  }
  return found.sort((a, b) => a.from - b.from);
}

const positions = (terms: HeardTerm[]) => new Set(terms.flatMap(({ from, to }) => Array.from({ length: to - from }, (_, k) => from + k)));

/** The trucks' names in `text`, with the names each competes with. */
export function truckNamesIn(text: string, vocabulary: Pick<SpeechVocabulary, 'slots'>): HeardTerm[] {
  return termsIn(text, vocabulary.slots.truck ?? []);
}

/**
 * The foods in `text` (cuisines, dishes people ask for, menu items), with the foods each competes
 * with; not the words of a truck's name ("taco" in "taco libre").
 */
export function foodTermsIn(text: string, vocabulary: Pick<SpeechVocabulary, 'slots'>): HeardTerm[] {
  const foods = [...(vocabulary.slots.cuisine ?? []), ...(vocabulary.slots.item ?? [])];
  return termsIn(text, foods, positions(truckNamesIn(text, vocabulary)));
}

/** `text` with the words of `term` replaced by `words`. */
export function withTerm(text: string, term: HeardTerm, words: string): string {
  const tokens = wordsOf(text);
  return [...tokens.slice(0, term.from), words, ...tokens.slice(term.to)].join(' ');
}
