/**
 * What the caption writer needs from the offline language tools. INTERIM: the suggest branch owns
 * them (daemon/language/: TF-IDF key phrases, stemming, hashtags, casing); until they land on main
 * this adapter gives plain-token versions, and it is the only place to change when switching.
 */
export interface CaptionLanguage {
  /** Key phrases of `text` scored by TF-IDF against the whole document's passages, best first. */
  keyPhrases(text: string, corpus: string[], n: number): string[];
  /** A phrase as a hashtag ("pricing page" -> "#PricingPage"), or null when nothing usable is left. */
  toHashtag(phrase: string): string | null;
  /** TF-IDF weight of each content word of `text` (by stem) against the corpus. */
  termWeights(text: string, corpus: string[]): (token: string) => number;
  /** Lowercase content tokens (stop words and fillers dropped). */
  contentTokens(text: string): string[];
  sentenceCase(text: string): string;
  titleCase(text: string): string;
  trimAtWord(text: string, max: number): string;
}

const STOP = new Set(
  ("a about above after again all am an and any are as at be because been before being below between both but by can could did do does doing " +
    "down during each few for from further had has have having he her here hers him his how i if in into is it its itself just let me more most my " +
    "no nor not now of off on once only or other our ours out over own really right same she should so some such than that the their theirs them " +
    "then there these they this those through to too under until up very was we were what when where which while who whom why will with would you " +
    "your yours um uh er ah hmm yeah okay ok oh like know going get got thing things lot kind sort well also actually basically").split(' '),
);
const tokenize = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? [];
const content = (t: string) => tokenize(t).filter((w) => w.length > 2 && !STOP.has(w) && !w.includes("'"));

function idf(corpus: string[]): (w: string) => number {
  const docs = corpus.map((c) => new Set(content(c)));
  return (w) => Math.log((1 + docs.length) / (1 + docs.filter((d) => d.has(w)).length)) + 1;
}

export const interimLanguage: CaptionLanguage = {
  keyPhrases(text, corpus, n) {
    const weight = this.termWeights(text, corpus);
    const runs = new Map<string, number>();
    for (const chunk of text.toLowerCase().split(/[.?!,;:\n]+/)) {
      let run: string[] = [];
      const flush = () => {
        if (run.length && run.length <= 3) runs.set(run.join(' '), run.reduce((s, w) => s + weight(w), 0) / Math.sqrt(run.length));
        run = [];
      };
      for (const w of tokenize(chunk)) (content(w).length ? run.push(w) : flush());
      flush();
    }
    return [...runs].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n).map(([p]) => p);
  },
  toHashtag(phrase) {
    const tag = tokenize(phrase).map((w) => w[0].toUpperCase() + w.slice(1).replace(/'/g, '')).join('');
    return tag.length >= 2 && tag.length <= 40 ? `#${tag}` : null;
  },
  termWeights(text, corpus) {
    const tf = new Map<string, number>();
    for (const w of content(text)) tf.set(w, (tf.get(w) ?? 0) + 1);
    const inv = idf(corpus);
    return (w) => (tf.has(w) ? (1 + Math.log(tf.get(w)!)) * inv(w) : 0);
  },
  contentTokens: content,
  sentenceCase(text) {
    const s = text.trim().replace(/\bi\b/g, 'I').replace(/\bi'(m|ll|ve|d)\b/g, "I'$1");
    return s.charAt(0).toUpperCase() + s.slice(1);
  },
  titleCase(text) {
    const minor = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'for', 'of', 'on', 'in', 'to', 'at', 'by', 'as']);
    return text.split(/\s+/).filter(Boolean).map((w, i) => (i > 0 && minor.has(w) ? w : w[0].toUpperCase() + w.slice(1))).join(' ');
  },
  trimAtWord(text, max) {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean.length <= max) return clean;
    const cut = clean.slice(0, max + 1);
    const space = cut.lastIndexOf(' ');
    return (space > 0 ? cut.slice(0, space) : clean.slice(0, max)).replace(/[\s,;:-]+$/, '');
  },
};
