/**
 * A class-based bigram language model of diner questions, compiled to the weighted finite-state
 * grammar (Sphinx FSG text format) that the offline recogniser (soundswallower) decodes with:
 * soundswallower reads no ARPA n-gram model, but a bigram with backoff is exactly a weighted
 * automaton (one state per history word), so the model reaches the decoder as one (ADR 0155).
 *
 * Tokens are words or classes (`<truck>`, `<cuisine>`, ...): a class is a slot whose values come
 * from the live data, so the model is counted once from the phrasings and only its class members
 * change when trucks or menus do.
 */

export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';

export interface BigramModel {
  /** Every token (word or `<class>`) the model can emit; not <s> or </s>. */
  tokens: string[];
  /** log10 P(next | previous) for each seen pair, previous -> next -> log10 probability. */
  bigrams: Map<string, Map<string, number>>;
  /** log10 of the backoff weight of each history (the probability mass left to unigrams). */
  backoff: Map<string, number>;
  /** log10 P(token) of the unigram distribution, </s> included. */
  unigrams: Map<string, number>;
}

const isClass = (token: string) => /^<[a-z_]+>$/.test(token);

/**
 * Absolute discounting with backoff to a smoothed unigram: each seen pair gives up `discount` of
 * its count; that mass goes to the unigram distribution (a standard, well-behaved choice for small
 * corpora; Kneser-Ney's continuation counts make little difference at this size, ADR 0155).
 */
export function trainBigram(sentences: string[][], options: { discount?: number } = {}): BigramModel {
  const discount = options.discount ?? 0.5;
  if (!(discount > 0 && discount < 1)) throw new Error('the discount is between 0 and 1');
  const pairCounts = new Map<string, Map<string, number>>();
  const unigramCounts = new Map<string, number>();
  for (const sentence of sentences) {
    const tokens = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let i = 1; i < tokens.length; i++) {
      const previous = tokens[i - 1]!;
      const next = tokens[i]!;
      const row = pairCounts.get(previous) ?? new Map<string, number>();
      row.set(next, (row.get(next) ?? 0) + 1);
      pairCounts.set(previous, row);
      unigramCounts.set(next, (unigramCounts.get(next) ?? 0) + 1);
    }
  }
  // Add-one unigrams: a word of the corpus never seen in some context stays reachable.
  const total = [...unigramCounts.values()].reduce((a, b) => a + b, 0) + unigramCounts.size;
  const unigrams = new Map([...unigramCounts].map(([token, count]) => [token, Math.log10((count + 1) / total)]));
  const bigrams = new Map<string, Map<string, number>>();
  const backoff = new Map<string, number>();
  for (const [previous, row] of pairCounts) {
    const count = [...row.values()].reduce((a, b) => a + b, 0);
    bigrams.set(previous, new Map([...row].map(([next, c]) => [next, Math.log10((c - discount) / count)])));
    backoff.set(previous, Math.log10((discount * row.size) / count));
  }
  const tokens = [...unigramCounts.keys()].filter((t) => t !== SENTENCE_END).sort();
  return { tokens, bigrams, backoff, unigrams };
}

/**
 * log10 P(sentence) under the model (bigram where seen, else backoff times unigram): for tests
 * and for checking that a sentence is reachable.
 */
export function sentenceLogProb(model: BigramModel, sentence: string[]): number {
  const tokens = [SENTENCE_START, ...sentence, SENTENCE_END];
  let logProb = 0;
  for (let i = 1; i < tokens.length; i++) {
    const previous = tokens[i - 1]!;
    const next = tokens[i]!;
    const seen = model.bigrams.get(previous)?.get(next);
    if (seen !== undefined && Number.isFinite(seen)) logProb += seen;
    else {
      const unigram = model.unigrams.get(next);
      if (unigram === undefined) return -Infinity;
      logProb += (model.backoff.get(previous) ?? 0) + unigram;
    }
  }
  return logProb;
}

export interface FsgOptions {
  /** Each class's members, as word sequences (a truck name of two words is two words). */
  classes: Record<string, string[][]>;
  /**
   * Weight of an alternative path through a phone loop (pseudo-words `phoneWords`): speech the
   * model cannot express comes out as phone words and is rejected instead of being forced into the
   * nearest question.
   */
  rejection?: { weight: number; phoneWords: string[]; phoneProbability?: number };
  /** Probabilities below this are left out of the automaton (smaller and faster; default 1e-6). */
  floor?: number;
}

/**
 * The model as a Sphinx FSG: state 0 starts, state 1 ends, state 2 is the unigram (backoff) state,
 * one state per history token; a class is a small sub-automaton (an entry state and one path of
 * words per member, equally likely) that ends in the class's history state. Null transitions carry
 * the backoff and class-entry weights; the decoder closes them when it reads the file.
 */
export function bigramToFsg(model: BigramModel, options: FsgOptions): string {
  const floor = Math.log10(options.floor ?? 1e-6);
  const lines: string[] = [];
  let states = 3;
  const START = 0;
  const FINAL = 1;
  const UNIGRAM = 2;
  const history = new Map<string, number>([[SENTENCE_START, START]]);
  for (const token of model.tokens) history.set(token, states++);
  const classEntry = new Map<string, number>();
  const format = (logProb: number) => (10 ** logProb).toPrecision(6);
  const word = (from: number, to: number, logProb: number, text: string) => lines.push(`TRANSITION ${from} ${to} ${format(logProb)} ${text}`);
  const epsilon = (from: number, to: number, logProb: number) => lines.push(`TRANSITION ${from} ${to} ${format(logProb)}`);

  // Class sub-automata: entry --member words--> the class's history state.
  for (const token of model.tokens.filter(isClass)) {
    const members = (options.classes[token.slice(1, -1)] ?? []).filter((m) => m.length > 0);
    if (members.length === 0) continue;
    const entry = states++;
    classEntry.set(token, entry);
    const share = Math.log10(1 / members.length);
    for (const member of members) {
      let from = entry;
      member.forEach((text, i) => {
        const last = i === member.length - 1;
        const to = last ? history.get(token)! : states++;
        word(from, to, i === 0 ? share : 0, text);
        from = to;
      });
    }
  }
  // A token out of `from`: a word goes straight to its history state, a class through its entry.
  const emit = (from: number, token: string, logProb: number) => {
    if (logProb < floor) return;
    if (token === SENTENCE_END) return epsilon(from, FINAL, logProb);
    if (isClass(token)) {
      const entry = classEntry.get(token);
      if (entry !== undefined) epsilon(from, entry, logProb);
      return;
    }
    word(from, history.get(token)!, logProb, token);
  };
  for (const [previous, state] of history) {
    for (const [next, logProb] of model.bigrams.get(previous) ?? []) emit(state, next, logProb);
    const backoff = model.backoff.get(previous);
    if (backoff !== undefined && Number.isFinite(backoff)) epsilon(state, UNIGRAM, backoff);
  }
  for (const [token, logProb] of model.unigrams) emit(UNIGRAM, token, logProb);

  if (options.rejection) {
    const loop = states++;
    epsilon(START, loop, Math.log10(options.rejection.weight));
    const each = options.rejection.phoneProbability ?? 1 / options.rejection.phoneWords.length;
    for (const phone of options.rejection.phoneWords) word(loop, loop, Math.log10(each), phone);
    epsilon(loop, FINAL, 0);
  }
  return ['FSG_BEGIN diner', `NUM_STATES ${states}`, `START_STATE ${START}`, `FINAL_STATE ${FINAL}`, ...lines, 'FSG_END', ''].join('\n');
}

/**
 * The share of a transcript's word pairs the model never saw in its corpus (its slot values read
 * back as their class): what the decoder reached only by backing off. Off-topic speech forced into
 * the model comes out as a string of pairs nobody asks ("will till when there feel like"); a
 * question, even one phrased anew, is mostly pairs of the corpus.
 */
export function unseenPairShare(model: BigramModel, classes: Record<string, string[][]>, transcript: string): number {
  const words = transcript.split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  // Longest class member first at each position, else the word itself.
  const members = Object.entries(classes)
    .flatMap(([name, list]) => list.map((member) => ({ token: `<${name}>`, member })))
    .sort((a, b) => b.member.length - a.member.length);
  const tokens: string[] = [];
  for (let i = 0; i < words.length; ) {
    const seenAsWord = model.unigrams.has(words[i]!);
    const match = members.find(({ member }) => member.every((w, k) => words[i + k] === w));
    if (match && !(seenAsWord && match.member.length === 1 && model.bigrams.get(tokens.at(-1) ?? SENTENCE_START)?.has(words[i]!))) {
      tokens.push(match.token);
      i += match.member.length;
    } else {
      tokens.push(words[i]!);
      i++;
    }
  }
  const sequence = [SENTENCE_START, ...tokens, SENTENCE_END];
  let unseen = 0;
  for (let i = 1; i < sequence.length; i++) if (!model.bigrams.get(sequence[i - 1]!)?.has(sequence[i]!)) unseen++;
  return unseen / (sequence.length - 1);
}
