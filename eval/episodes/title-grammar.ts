// The evaluation's own grammar count of titles, apart from the daemon's headline rule: each title
// is tagged (the shipped tagger, title-tags.ts) and fails unless it is a whole clause (a finite
// verb with its subject; a question or a command counts) or a noun phrase (ends on its noun, does
// not open on a pronoun, a conjunction, a preposition or a verb, is not a list of bare words or
// noun phrases run together), and it never opens or ends on a function word.
import { tagWords } from '../../daemon/pipeline/suggest/title-tags.js';

type Tagged = { word: string; tag: string };
const NOUN = /^(NN|NNS|NNP|NNPS|CD)$/;
const PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'me', 'him', 'us', 'them']);
/** Words that stand as a subject although the tagger calls them determiners or prepositions. */
const STANDING = new Set(['that', 'this', 'these', 'those', 'there', 'what', 'who', 'which', 'nobody', 'everyone', 'everybody', 'someone', 'somebody', 'all']);
const AUXILIARIES = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'have', 'has', 'had', 'can', 'could', 'will', 'would', 'should', 'may', 'might', 'must', 'shall']);
const FINITE = new Set(['VBZ', 'VBP', 'VBD', 'MD']);
/** Tags no headline ends on (a preposition may, as a verb's particle: "it all blew up"). */
const BAD_END = new Set(['DT', 'CC', 'IN', 'TO', 'PRP$', 'WP$', 'MD', 'WDT', 'WP', 'WRB', 'PDT', 'EX', 'POS', 'UH']);
const PARTICLES = new Set(['up', 'out', 'off', 'in', 'on', 'down', 'over', 'back', 'away', 'around', 'through']);
/** Words that open a dependent piece. */
const SUBORDINATE = new Set(['of', 'than', 'as', 'because', 'since', 'although', 'though', 'unless', 'until', 'whether', 'if', 'while', 'whereas', 'like', 'so']);

const isSubject = (t: Tagged) => NOUN.test(t.tag) || t.tag === 'PRP' || PRONOUNS.has(t.word) || STANDING.has(t.word) || t.tag === 'EX';

/** A finite verb with a subject before it, a question (an auxiliary, then its subject), or a command. */
function isClause(t: Tagged[]): boolean {
  const finiteAt = (i: number) => FINITE.has(t[i].tag) || (t[i].tag === 'VB' && i > 0 && isSubject(t[i - 1]));
  if (t.some((x, i) => finiteAt(i) && t.slice(0, i).some(isSubject))) return true;
  const opening = t[0].tag === 'RB' ? 1 : 0;
  if (AUXILIARIES.has(t[opening]?.word ?? '') && t.slice(opening + 1, opening + 3).some(isSubject)) return true;
  if (/^W/.test(t[0].tag) && t.slice(1).some((x, i) => finiteAt(i + 1))) return true;
  return t[opening]?.tag === 'VB' && !AUXILIARIES.has(t[opening].word);
}

/** Why `title` is a list rather than a phrase: a bare word among its items, or phrases with no joiner. */
function listProblem(title: string, t: Tagged[]): string | null {
  const items = title.toLowerCase().split(/\s*,\s*|\s+(?:and|or)\s+/).filter(Boolean);
  if (items.length >= 2 && items.some((x) => !/\s/.test(x))) return `a list of bare words ("${items.join('", "')}")`;
  // "Twenty minutes a day" is one phrase: a plural noun may take "a" ("per").
  const runTogether = t.findIndex((x, i) => i > 0 && NOUN.test(t[i - 1].tag) && (x.word === 'the' || (t[i - 1].tag === 'NN' && ['a', 'an'].includes(x.word))));
  return runTogether > 0 ? `noun phrases run together ("${t[runTogether - 1].word} ${t[runTogether].word}")` : null;
}

/** What the tagger count finds wrong with `title`; empty when it reads as a clause or a noun phrase. */
export function taggedTitleProblems(title: string): string[] {
  const t = tagWords(title);
  if (!t.length) return ['no words'];
  const out: string[] = [];
  const [first, last] = [t[0], t[t.length - 1]];
  if (first.tag === 'CC' || first.tag === 'TO' || SUBORDINATE.has(first.word)) out.push(`opens on the function word "${first.word}"`);
  if (BAD_END.has(last.tag) && !PARTICLES.has(last.word)) out.push(`ends on the function word "${last.word}"`);
  if (isClause(t)) return out;
  if (!NOUN.test(last.tag)) out.push('neither a clause nor a phrase ending on its noun');
  else if (first.tag === 'PRP' || PRONOUNS.has(first.word)) out.push(`a noun phrase opening on the pronoun "${first.word}"`);
  else if (/^(VB|MD|IN|TO|CC|W)/.test(first.tag)) out.push(`a fragment opening on "${first.word}" (${first.tag}) with no subject`);
  const list = listProblem(title, t);
  if (list) out.push(list);
  return out;
}
