import type { SessionState } from './voice-answers';

/** Ordinal words of a list just read out: "the second one" is its second truck. */
const ORDINALS: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4 };

/** "There" as a place ("what can I get there"), not as "is there", "there are", "there's any". */
const THERE = /\b(?<!\b(?:is|are|was|were|isn't|aren't) )there\b(?! (?:is|are|was|were|any|a|an|some)\b)(?!'s)/g;

/**
 * A follow-up that points at a truck of the conversation instead of naming it ("do they take
 * cards", "where will they be tomorrow", "what's the cheapest thing there", "tell me about the
 * second one"), said again with the truck's name in its place, so that it is understood as the
 * question about that truck it is. The truck is the one the last answer was about (or, for an
 * ordinal, that one of its list). Undefined when nothing in the words points at a truck, or the
 * conversation has none.
 */
export function namingTheTruck(text: string, state: SessionState, nameOf: (id: number) => string | undefined): string | undefined {
  const said = text.toLowerCase().replace(/[?!.,]+/g, ' ').replace(/\s+/g, ' ').trim();
  // Names go in as marks and are written out last, so no later rule reads inside one (a name with
  // "it" or "there" in it).
  const names: string[] = [];
  const mark = (name: string) => `\u0001${names.push(name) - 1}\u0002`;
  let named = said;
  // "The second one", "the last truck": that one of the list.
  named = named.replace(/\bthe (first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)( one| truck| place)?\b/g, (whole, which: string) => {
    const index = which === 'last' ? state.truckIds.length - 1 : ORDINALS[which]!;
    const id = state.truckIds[index];
    const name = id === undefined ? undefined : nameOf(id);
    return name ? mark(name) : whole;
  });
  const current = state.truckIds[state.index];
  const name = current === undefined ? undefined : nameOf(current);
  if (name) {
    named = named
      .replace(/\b(that|this) (one|truck|place)\b/g, () => mark(name))
      // "How much is that", "is that open": "that" as the last word, or asked about first.
      .replace(/\bthat$|^(is|was) that\b/g, (whole) => (whole === 'that' ? mark(name) : `${whole.split(' ')[0]} ${mark(name)}`))
      .replace(/\b(their|its)\b/g, () => `${mark(name)}'s`)
      .replace(/\b(get|go|walk|drive|head) there\b/g, (_, verb: string) => `${verb} to ${mark(name)}`)
      .replace(THERE, () => `at ${mark(name)}`)
      .replace(/\b(they|them|it)\b/g, () => mark(name));
    // "Can I order ahead", said of the one truck just talked about (after a list, the list's answer).
    if (state.truckIds.length === 1) named = named.replace(/^(can|could) (i|we) (order|preorder|pre order)( ahead| online| in advance| for pickup)?$/, (asked) => `${asked} at ${mark(name)}`);
  }
  if (named === said) return undefined;
  return named.replace(/\u0001(\d+)\u0002/g, (_, k: string) => names[Number(k)]!);
}
