// Parts of speech of a title's words, for the headline check (title-check.ts), the noun-phrase
// titles (title-phrases.ts) and the evaluation. Tags are Penn tags from `natural`'s Brill tagger
// (its English lexicon and rules; the submodule prints nothing when loaded), mended where its rules
// give a word a tag its own lexicon never lists ("the whole thing" is not a verb form) and where
// the lexicon is wrong about "I" and the number words.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Lexicon {
  lexicon: Record<string, string[] | undefined>;
}
interface Tagger {
  lexicon: Lexicon;
  tag(words: string[]): { taggedWords: { token: string; tag: string }[] };
}
let tagger: Tagger | null = null;

function loadTagger(): Tagger {
  if (tagger) return tagger;
  const brill = require('natural/lib/natural/brill_pos_tagger/index.js') as {
    Lexicon: new (language: string, defaultTag: string, defaultCapitalised: string) => Lexicon;
    RuleSet: new (language: string) => unknown;
    BrillPOSTagger: new (lexicon: Lexicon, rules: unknown) => Tagger;
  };
  tagger = new brill.BrillPOSTagger(new brill.Lexicon('EN', 'NN', 'NNP'), new brill.RuleSet('EN'));
  return tagger;
}

/** Number words: cardinal numbers (CD), which the lexicon calls nouns. */
const NUMBERS = /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)$/;

/**
 * The tag of `word`: the rules' tag when the lexicon lists it for the word (or does not know the
 * word), else the lexicon's own tag of the same kind ("you need": VBP, not VBN), else its first.
 */
function mended(word: string, ruled: string, lexicon: Lexicon): string {
  if (word === 'i') return 'PRP';
  if (NUMBERS.test(word)) return 'CD';
  const listed = Object.hasOwn(lexicon.lexicon, word) ? lexicon.lexicon[word] : undefined;
  if (!Array.isArray(listed) || listed.includes(ruled)) return ruled;
  return listed.find((t) => t.slice(0, 2) === ruled.slice(0, 2)) ?? listed[0];
}

/** Penn tags of the words of `text` (contractions spelled out), lowercased tokens beside them. */
export function tagWords(text: string): { word: string; tag: string }[] {
  return tagTokens((text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).flatMap(expand));
}

/** Penn tags of words as they are, one each, lowercased beside them. */
export function tagTokens(words: string[]): { word: string; tag: string }[] {
  if (!words.length) return [];
  // The lexicon knows names capitalised, other words lowercase.
  const tokens = words.map((w) => (w === 'I' || /^I['’]/.test(w) ? w : w.toLowerCase()));
  const t = loadTagger();
  return t.tag(tokens).taggedWords.map((x, i) => {
    const word = tokens[i].toLowerCase();
    return { word, tag: mended(word, x.tag, t.lexicon) };
  });
}

/** Contractions the lexicon does not know, spelled out ("I'm" is "I am"; "it's" is "it is", "Sam's" stays). */
const CONTRACTED: Record<string, string> = { "'m": 'am', "'re": 'are', "'ve": 'have', "'ll": 'will', "'d": 'would' };
const IS_AFTER = new Set(['it', 'that', 'he', 'she', 'there', 'what', 'who', 'here', 'where', 'how', 'this']);
function expand(word: string): string[] {
  const w = word.replace(/’/g, "'");
  const m = /^(.+?)(n't|'m|'re|'ve|'ll|'d|'s)$/i.exec(w);
  if (!m) return [w];
  const [, head, tail] = m;
  if (tail.toLowerCase() === "n't") return [head.toLowerCase() === 'ca' ? 'can' : head.toLowerCase() === 'wo' ? 'will' : head, 'not'];
  if (tail.toLowerCase() === "'s") return IS_AFTER.has(head.toLowerCase()) ? [head, 'is'] : [w];
  return [head, CONTRACTED[tail.toLowerCase()]];
}
