import type { SpeechVocabulary } from './speech';
import { corpusClasses, dinerCorpus, withoutSentences } from './diner-corpus';
import { bigramToFsg, trainBigram, type BigramModel } from './language-model';
import { guessPronunciation } from './letter-to-sound';

const TOKEN = /<[a-z_]+>|[()[\]|]|[a-z0-9']+/g;

/** Every word a vocabulary can produce (template words and slot values), each once. */
export function vocabularyWords(vocabulary: SpeechVocabulary): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const token of text.match(TOKEN) ?? []) if (/^[a-z0-9']+$/.test(token)) words.add(token);
  };
  vocabulary.templates.forEach(add);
  Object.values(vocabulary.slots).forEach((values) => values.forEach(add));
  return [...words].sort();
}

/**
 * The JSGF grammar of a vocabulary: one public rule whose alternatives are the templates, one
 * rule per slot. A template with an empty slot (no menu items yet, no trucks) is left out: written
 * as `<VOID>` the recogniser heard nothing at all, for any question.
 */
export function buildJsgf(vocabulary: SpeechVocabulary, options: { rejection?: number } = {}): string {
  const valuesOf = (name: string) => [...new Set(vocabulary.slots[name] ?? [])].filter((v) => v.trim());
  const slotsOf = (template: string) => [...template.matchAll(/<([a-z_]+)>/g)].map((match) => match[1]!);
  const templates = vocabulary.templates.filter((template) => slotsOf(template).every((slot) => valuesOf(slot).length > 0));
  if (templates.length === 0) throw new Error('a voice grammar needs at least one template without empty slots');
  const used = new Set(templates.flatMap(slotsOf));
  const alternatives = templates.map((t) => `( ${t} )`).join(' | ');
  return [
    '#JSGF V1.0;',
    'grammar voice;',
    options.rejection === undefined
      ? `public <question> = ${alternatives};`
      : `public <question> = /1/ ( ${alternatives} ) | /${options.rejection}/ <${PHONE_RULE}>+;`,
    ...(options.rejection === undefined ? [] : [`<${PHONE_RULE}> = ${PHONE_WORDS.map(([w]) => w).join(' | ')};`]),
    ...[...used].sort().map((name) => `<${name}> = ${valuesOf(name).join(' | ')};`),
    '',
  ].join('\n');
}

/** Word and guessed pronunciation pairs; the recogniser keeps dictionary readings where it has them. */
export function pronunciationCandidates(vocabulary: SpeechVocabulary): Array<[string, string]> {
  return vocabularyWords(vocabulary).map((word) => [word, guessPronunciation(word)]);
}

/**
 * A phone loop: one pseudo-word per phone of the acoustic model. As a low-weight alternative to
 * the templates it absorbs speech the grammar cannot express, so an off-topic question comes out
 * as phone words (rejected) instead of being forced into the nearest template.
 */
const PHONES = 'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(' ');
export const PHONE_RULE = 'phone';
export const PHONE_WORDS: Array<[string, string]> = PHONES.map((phone) => [`ph_${phone.toLowerCase()}`, phone]);
export const isPhoneWord = (word: string) => word.startsWith('ph_');

/**
 * The language model's grammar for a vocabulary (ADR 0155): the diner corpus counted as a class
 * bigram, compiled to a weighted FSG whose classes are the vocabulary's live names, with the phone
 * loop as the low-weight way out for speech it cannot express; and every word it can produce, with
 * a guessed pronunciation for those the dictionary lacks.
 */
export function buildLanguageModel(
  vocabulary: SpeechVocabulary,
  options: { rejection?: number; phoneProbability?: number; discount?: number; phrasings?: readonly string[]; heldOut?: readonly string[] } = {},
): { fsg: string; words: Array<[string, string]>; model: BigramModel; classes: Record<string, string[][]> } {
  const classes = corpusClasses(vocabulary);
  const corpus = withoutSentences(dinerCorpus(vocabulary, options.phrasings), classes, options.heldOut ?? []);
  const model = trainBigram(corpus, { discount: options.discount });
  const fsg = bigramToFsg(model, {
    classes,
    rejection: options.rejection === undefined ? undefined : { weight: options.rejection, phoneWords: PHONE_WORDS.map(([w]) => w), phoneProbability: options.phoneProbability },
  });
  const words = new Set<string>();
  for (const sentence of corpus) for (const token of sentence) if (!token.startsWith('<')) words.add(token);
  for (const members of Object.values(classes)) for (const member of members) member.forEach((w) => words.add(w));
  return { fsg, words: [...words].sort().map((word) => [word, guessPronunciation(word)]), model, classes };
}
