/**
 * A small English letter-to-sound guesser (ARPAbet, the acoustic model's phone set) for words the
 * CMU dictionary lacks: truck names such as "Vagabonda" or dishes such as "banh". The recogniser
 * tries dictionary words and compounds of two dictionary words first; this is the last resort,
 * so it aims at a plausible reading rather than a perfect one. Longest grapheme match wins.
 */
const RULES: Array<[string, string]> = [
  ['tch', 'CH'], ['sch', 'S K'], ['igh', 'AY'], ['eau', 'OW'], ['que', 'K'], ['tion', 'SH AH N'],
  ['sion', 'ZH AH N'], ['ough', 'AO'], ['augh', 'AO'], ['ch', 'CH'], ['sh', 'SH'], ['th', 'TH'],
  ['ph', 'F'], ['wh', 'W'], ['ck', 'K'], ['ng', 'NG'], ['qu', 'K W'], ['gh', 'G'], ['kn', 'N'],
  ['wr', 'R'], ['ee', 'IY'], ['ea', 'IY'], ['ie', 'IY'], ['oo', 'UW'], ['ou', 'AW'], ['ow', 'OW'],
  ['oa', 'OW'], ['oi', 'OY'], ['oy', 'OY'], ['ai', 'EY'], ['ay', 'EY'], ['ei', 'EY'], ['ey', 'EY'],
  ['au', 'AO'], ['aw', 'AO'], ['ew', 'UW'], ['ue', 'UW'], ['ar', 'AA R'], ['er', 'ER'], ['ir', 'ER'],
  ['ur', 'ER'], ['or', 'AO R'], ['ll', 'L'], ['ss', 'S'], ['tt', 'T'], ['pp', 'P'], ['rr', 'R'],
  ['nn', 'N'], ['mm', 'M'], ['ff', 'F'], ['zz', 'Z'], ['dd', 'D'], ['bb', 'B'], ['gg', 'G'], ['cc', 'K'],
  ['a', 'AE'], ['b', 'B'], ['c', 'K'], ['d', 'D'], ['e', 'EH'], ['f', 'F'], ['g', 'G'], ['h', 'HH'],
  ['i', 'IH'], ['j', 'JH'], ['k', 'K'], ['l', 'L'], ['m', 'M'], ['n', 'N'], ['o', 'AA'], ['p', 'P'],
  ['q', 'K'], ['r', 'R'], ['s', 'S'], ['t', 'T'], ['u', 'AH'], ['v', 'V'], ['w', 'W'], ['x', 'K S'],
  ['y', 'IY'], ['z', 'Z'],
];
const SOFT_C = /^c[eiy]/;
const SOFT_G = /^g[eiy]/;
const LETTER_NAMES: Record<string, string> = {
  a: 'EY', b: 'B IY', c: 'S IY', d: 'D IY', e: 'IY', f: 'EH F', g: 'JH IY', h: 'EY CH', i: 'AY',
  j: 'JH EY', k: 'K EY', l: 'EH L', m: 'EH M', n: 'EH N', o: 'OW', p: 'P IY', q: 'K Y UW',
  r: 'AA R', s: 'EH S', t: 'T IY', u: 'Y UW', v: 'V IY', w: 'D AH B AH L Y UW', x: 'EH K S',
  y: 'W AY', z: 'Z IY',
};

export function guessPronunciation(word: string): string {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length === 0) return 'AH';
  if (letters.length === 1) return LETTER_NAMES[letters] ?? 'AH';
  // A final silent e ("grille", "crepe") after a consonant.
  const body = /[^aeiou]e$/.test(letters) && letters.length > 3 ? letters.slice(0, -1) : letters;
  const phones: string[] = [];
  let i = 0;
  while (i < body.length) {
    const rest = body.slice(i);
    if (SOFT_C.test(rest)) {
      phones.push('S');
      i += 1;
      continue;
    }
    if (SOFT_G.test(rest) && i > 0) {
      phones.push('JH');
      i += 1;
      continue;
    }
    // A final y after a consonant is "ee"; at the start it is the consonant y.
    if (rest === 'y' || (rest[0] === 'y' && i === 0)) {
      phones.push(i === 0 ? 'Y' : 'IY');
      i += 1;
      continue;
    }
    const rule = RULES.find(([graphemes]) => rest.startsWith(graphemes));
    if (!rule) {
      i += 1;
      continue;
    }
    phones.push(rule[1]);
    i += rule[0].length;
  }
  return phones.join(' ');
}
