// Whether a turn of talk asks a question, from its words alone (a recogniser may give no "?"): a
// sentence that opens one, or a question word with its auxiliary and subject near the turn's end.
import { isQuestionOpener } from '../language/emphasis.js';
import type { SourceModel } from './source.js';

/** A question in words: a question word, its auxiliary and who it asks about ("how do you", "why do most"); "which", "where" and "when" open relative clauses as often ("which is the"). */
const WH = new Set(['what', 'why', 'how', 'who']);
const AUXILIARIES = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'can', 'could', 'would', 'should', 'will', 'have', 'has']);
const SUBJECTS = new Set(['you', 'we', 'they', 'i', 'he', 'she', 'it', 'people', 'most', 'the', 'a', 'so', 'this', 'that', 'anyone', 'someone']);
const DETERMINERS = new Set(['the', 'a', 'this', 'that']);
/** Words after a question word that make it ask ("what about", "how many"). */
const WH_FOLLOWERS = new Set(['about', 'if', 'many', 'much', 'long', 'often', 'else', 'exactly', 'happened']);
/**
 * A sentence that opens a question: a question word with its auxiliary or follower ("why do",
 * "what about"), "who", a contraction ("what's"), or an auxiliary before its subject ("do you",
 * "is it"); an opener alone is not enough ("what I learned", "are left" misheard).
 */
export function opensQuestion([a, b]: string[]): boolean {
  if (!isQuestionOpener(a)) return false;
  if (a === 'who' || a.endsWith("'s")) return true;
  if (b === undefined) return false;
  // "Do the sums", "do this": an order, not a question ("does the", "is this" ask).
  if (a === 'do' && DETERMINERS.has(b)) return false;
  return WH.has(a) ? AUXILIARIES.has(b) || WH_FOLLOWERS.has(b) : SUBJECTS.has(b) && b !== 'so';
}

/** A turn whose last ASK_WORDS words ask a question ends on one (for recognisers without "?"). */
const ASK_WORDS = 10;
export function asksAtEnd(src: SourceModel, t: { first: number; last: number }): boolean {
  const w = src.words;
  for (let i = Math.max(t.first, t.last - ASK_WORDS); i + 2 <= t.last; i++) if (WH.has(w[i].token) && AUXILIARIES.has(w[i + 1].token) && SUBJECTS.has(w[i + 2].token)) return true;
  return false;
}
