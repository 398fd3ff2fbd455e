import type { SpeechVocabulary } from './speech';

/**
 * A truck's name in a transcript of the language model (ADR 0170): where it stands, and the other
 * trucks' names that could have been said there instead.
 */
export interface HeardName {
  /** Word positions in the transcript, `to` exclusive. */
  from: number;
  to: number;
  /** The name as heard (spoken form, as in the vocabulary's `truck` slot). */
  words: string;
  others: string[];
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** The trucks' names in `text`, longest first where they overlap, in the order they stand. */
export function truckNamesIn(text: string, vocabulary: Pick<SpeechVocabulary, 'slots'>): HeardName[] {
  const words = wordsOf(text);
  const names = [...new Set(vocabulary.slots.truck ?? [])].map(wordsOf).filter((name) => name.length > 0);
  names.sort((a, b) => b.length - a.length);
  const taken = new Set<number>();
  const found: HeardName[] = [];
  for (const name of names) {
    for (let at = 0; at + name.length <= words.length; at++) {
      if (name.some((word, k) => taken.has(at + k) || words[at + k] !== word)) continue;
      name.forEach((_, k) => taken.add(at + k));
      const said = name.join(' ');
      found.push({
        from: at,
        to: at + name.length,
        words: said,
        others: names.map((n) => n.join(' ')).filter((n) => n !== said),
      });
    }
  }
  return found.sort((a, b) => a.from - b.from);
}

/** `text` with the words of `name` replaced by `words`. */
export function withName(text: string, name: HeardName, words: string): string {
  const tokens = wordsOf(text);
  return [...tokens.slice(0, name.from), words, ...tokens.slice(name.to)].join(' ');
}
