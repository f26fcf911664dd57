// Does a title read as a headline? One rule for both the title writer (it refuses a candidate with
// a problem) and the evaluation (it counts the titles that have one): a whole clause or a noun
// phrase, no function word dangling at either end, no word twice in a row, no fragment where a
// recognition error dropped or doubled a word. Parts of speech come from title-tags.ts.
import { tagWords } from './title-tags.js';

/** Tags a headline never ends on: determiners, conjunctions, prepositions, "to", possessives, modals. */
const BAD_END = new Set(['DT', 'CC', 'IN', 'TO', 'PRP$', 'WP$', 'MD', 'WDT', 'PDT', 'EX']);
/** A preposition may end a headline as a verb's particle ("it all blew up"). */
const PARTICLES = new Set(['up', 'out', 'off', 'in', 'on', 'down', 'over', 'back', 'away', 'around', 'through']);
/** Words that open a dependent piece, never a headline on their own. */
const BAD_START = new Set(['of', 'than', 'as', 'because', 'since', 'whereas', 'although', 'though', 'unless', 'until', 'whether', 'like', 'and', 'or', 'but', 'nor', 'to']);
/** Verb forms that make a clause finite ("is", "said", "can"). */
/** Determiners that never stand for a noun themselves ("all of us" is fine, "every and" is not). */
const ARTICLES = new Set(['a', 'an', 'the', 'every', 'no', 'my', 'your', 'his', 'her', 'our', 'their', 'its']);
const DEMONSTRATIVES = new Set(['this', 'that', 'these', 'those']);
const FINITE = new Set(['VBZ', 'VBP', 'VBD', 'MD']);
const NOUN = /^(NN|NNS|NNP|NNPS|PRP|CD)$/;

/** What keeps `title` from reading as a headline; empty when it reads as one. */
export function titleProblems(title: string): string[] {
  const tagged = tagWords(title);
  const problems: string[] = [];
  if (tagged.length < 3) return ['fewer than three words'];
  const first = tagged[0];
  const last = tagged[tagged.length - 1];
  if (BAD_START.has(first.word) || first.tag === 'CC') problems.push(`starts on the function word "${first.word}"`);
  if ((BAD_END.has(last.tag) && !PARTICLES.has(last.word)) || BAD_START.has(last.word)) problems.push(`ends on the function word "${last.word}"`);
  for (let i = 1; i < tagged.length; i++) {
    const [a, b] = [tagged[i - 1], tagged[i]];
    if (a.word === b.word) problems.push(`"${a.word}" twice in a row`);
    // A determiner or possessive is followed by its noun phrase, not by a conjunction or another determiner.
    else if ((a.tag === 'DT' || DEMONSTRATIVES.has(a.word)) && b.tag === 'CC') problems.push(`"${a.word} ${b.word}": a determiner without its noun`);
    else if ((ARTICLES.has(a.word) || a.tag === 'PRP$') && /^(CC|DT|IN|TO|MD|RB|PRP)$/.test(b.tag))
      problems.push(`"${a.word} ${b.word}": a determiner without its noun`);
    // "the same the car", two conjunctions in a row, or a plural noun run straight into a new "the ..." phrase: a word was lost.
    else if (a.tag === 'CC' && b.tag === 'CC') problems.push(`"${a.word} ${b.word}": two conjunctions`);
    else if (i >= 2 && tagged[i - 2].tag === 'DT' && /^JJ/.test(a.tag) && ['the', 'a', 'an'].includes(b.word)) problems.push(`"${a.word} ${b.word}": an adjective without its noun`);
    else if (a.tag === 'NNS' && b.tag === 'DT' && b.word === 'the') problems.push(`"${a.word} ${b.word}": two noun phrases with nothing joining them`);
  }
  problems.push(...subjectProblems(tagged));
  const verbs = tagged.filter((t) => t.tag.startsWith('VB') || t.tag === 'MD');
  // A clause needs a finite verb ("you been reading" has none); a title without verbs is a noun phrase and ends on a noun.
  // A title with no finite verb is a noun phrase ("meetings without a written agenda") and ends on its noun.
  // The tagger often reads a present verb after its subject as a bare one ("we get going": VB).
  const finite = verbs.some((t) => FINITE.has(t.tag)) || ['VB', 'VBG'].includes(tagged[0].tag) || tagged.some((t, i) => t.tag === 'VB' && i > 0 && /^(PRP|NN|NNS|NNP)$/.test(tagged[i - 1].tag));
  if (!finite && verbs.some((t) => t.tag === 'VBN' || t.tag === 'VBG') && tagged.some((t) => t.tag === 'PRP')) problems.push('a clause without a finite verb');
  else if (!finite && !NOUN.test(last.tag)) problems.push('a phrase that does not end on its noun');
  else if (!finite) problems.push(...phraseProblems(title, tagged));
  return problems;
}

/**
 * What keeps a title without a finite verb from being one noun phrase: it opens on a personal
 * pronoun ("Us and every summer"), lists a bare word ("Alarm, dark and purpose"), or runs two
 * noun phrases together ("The cafe the shop").
 */
function phraseProblems(title: string, tagged: { word: string; tag: string }[]): string[] {
  const out: string[] = [];
  if (tagged[0].tag === 'PRP') out.push(`a noun phrase opening on the pronoun "${tagged[0].word}"`);
  const items = title.toLowerCase().split(/\s*,\s*|\s+(?:and|or)\s+/).filter(Boolean);
  if (items.length > 1 && items.some((x) => !/\s/.test(x))) out.push('a list with a bare word in it');
  // "Twenty minutes a day" is one phrase: a plural noun may take "a" ("per").
  const joinless = tagged.findIndex((t, i) => i > 0 && /^NN/.test(tagged[i - 1].tag) && (t.word === 'the' || (tagged[i - 1].tag === 'NN' && ['a', 'an'].includes(t.word))));
  if (joinless > 0) out.push(`"${tagged[joinless - 1].word} ${tagged[joinless].word}": two noun phrases with nothing joining them`);
  return out;
}

/** Verbs that open a question before their subject ("Does that matter", "Had you heard"). */
const AUXILIARIES = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'have', 'has', 'had', 'can', 'could', 'will', 'would', 'should', 'may', 'might', 'must']);
const SUBJECT = /^(PRP|PRP\$|NN|NNS|NNP|NNPS|DT|CD|EX)$/;

/**
 * Where a recognition error lost a clause's subject or auxiliary: a title opening on a finite verb
 * that is not a question ("Had been about to throw a working machine"), or "not" straight after
 * its subject and before the verb ("Two kids not need to learn").
 */
function subjectProblems(tagged: { word: string; tag: string }[]): string[] {
  const out: string[] = [];
  const at = tagged[0].tag === 'RB' && tagged.length > 1 ? 1 : 0;
  const opening = tagged[at];
  const next = tagged[at + 1];
  const question = AUXILIARIES.has(opening.word) && !!next && (SUBJECT.test(next.tag) || DEMONSTRATIVES.has(next.word));
  if (/^(VBD|VBZ|VBP)$/.test(opening.tag) && !question) out.push(`opens on the verb "${opening.word}" without its subject`);
  const bareNot = tagged.findIndex((t, i) => t.word === 'not' && i > 0 && /^(PRP|NN|NNS|NNP)$/.test(tagged[i - 1].tag) && /^VB/.test(tagged[i + 1]?.tag ?? ''));
  if (bareNot > 0) out.push(`"${tagged[bareNot - 1].word} not ${tagged[bareNot + 1].word}": a negation without its auxiliary`);
  const second = secondClause(tagged);
  if (second > 0) out.push(`"${tagged[second].word}": two clauses with nothing joining them`);
  return out;
}

/** Verbs whose object may be a clause without "that" ("I thought the marathon was..."). */
const REPORTING = /^(think|thinks|thought|say|says|said|know|knows|knew|guess|feel|feels|felt|hope|hoped|mean|meant|believe|believed|bet|wish|suppose|realised|realized|figured|told|tell|tells|reckon|swear|heard|see|saw|found)$/;
/** Words that join a second clause to the first. */
const JOINS = /^(CC|WDT|WP|WRB|IN)$/;

/**
 * Where a second finite verb starts a clause nothing joins to the first (two sentences run
 * together: "I'm going to large at the public library is the most underrated place"): its position, or -1.
 */
function secondClause(tagged: { word: string; tag: string }[]): number {
  let first = -1;
  for (let i = 0; i < tagged.length; i++) {
    const t = tagged[i];
    if (JOINS.test(t.tag) || t.word === 'that') {
      if (first >= 0 && t.tag !== 'IN' || ['that', 'because', 'if', 'since', 'as', 'while', 'when', 'until', 'so'].includes(t.word)) first = -1;
      continue;
    }
    // A finite verb after "to", a modal or an auxiliary belongs to the verb before it ("will have built").
    const after = tagged.slice(0, i).reverse().find((x) => x.tag !== 'RB');
    if (!/^(VBZ|VBP|VBD|MD)$/.test(t.tag) || (after && /^(TO|MD|VB|VBZ|VBP|VBD)$/.test(after.tag))) continue;
    if (first < 0) {
      first = i;
      continue;
    }
    // "did her garden have" (a question's verb), "the one nobody gets" (a relative clause without "that").
    const question = AUXILIARIES.has(tagged[first].word) && t.tag === 'VBP';
    const relative = i >= 2 && /^(PRP|NN|NNS)$/.test(tagged[i - 1].tag) && /^(NN|NNS|CD)$/.test(tagged[i - 2].tag);
    if (!REPORTING.test(tagged[first].word) && !question && !relative) return i;
    first = i;
  }
  return -1;
}
