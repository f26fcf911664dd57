// WordNet's morphology ("morphy"): the base forms of an inflected word, from WordNet's exception
// lists (funniest -> funny, went -> go, children -> child) and its suffix detachment rules
// (prices -> price, pricing -> price), each candidate kept only if WordNet knows it.
import { loadExceptionLists } from './natural.js';
import { wordNet, type WordNetPos } from './wordnet.js';

/** WordNet morph.c detachment rules: [suffix, replacement]. Adverbs have none. */
const RULES: Record<WordNetPos, [string, string][]> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

let exceptions: ReturnType<typeof loadExceptionLists> | null = null;

/** Candidate base forms of a word for one part of speech, before checking them in WordNet. */
export function baseFormCandidates(word: string, pos: WordNetPos): string[] {
  exceptions ??= loadExceptionLists();
  const out = [word];
  const listed = pos === 'adv' ? undefined : exceptions[pos][word];
  if (listed) out.push(listed);
  for (const [suffix, replacement] of RULES[pos]) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix)) out.push(word.slice(0, -suffix.length) + replacement);
  }
  // Doubled final consonant before -ing/-ed/-er/-est ("running" -> "runn" -> "run").
  for (const c of [...out]) if (/([b-df-hj-np-tv-z])\1$/.test(c) && c !== word) out.push(c.slice(0, -1));
  return [...new Set(out)];
}

export interface Lemma {
  lemma: string;
  pos: WordNetPos;
}

/** The WordNet lemmas of a word in every part of speech (the word itself when WordNet has it). */
export async function lemmas(word: string): Promise<Lemma[]> {
  await wordNet().load();
  return lemmasNow(word);
}

/** lemmas() once WordNet is loaded (empty before). */
export function lemmasNow(word: string): Lemma[] {
  const wn = wordNet();
  const w = word.toLowerCase();
  const found: Lemma[] = [];
  for (const pos of ['noun', 'verb', 'adj', 'adv'] as WordNetPos[]) {
    for (const c of baseFormCandidates(w, pos)) if (wn.senseList(c, pos).offsets.length > 0) found.push({ lemma: c, pos });
  }
  return found;
}
