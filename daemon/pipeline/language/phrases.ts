// Turning recognised words into text that reads as written: titles and sentence case.

/** Words a title keeps lowercase unless they open it (English title case). */
const MINOR = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'so', 'yet', 'as', 'at', 'by', 'in', 'of', 'off', 'on', 'per', 'to', 'up', 'via', 'vs']);

function capitalise(word: string): string {
  if (word === 'i' || word.startsWith("i'")) return 'I' + word.slice(1);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "why pricing matters to you" -> "Why Pricing Matters to You"; words already cased stay as they are. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => (i > 0 && MINOR.has(w.toLowerCase()) ? w.toLowerCase() : /[A-Z]/.test(w) ? w : capitalise(w)))
    .join(' ');
}

/** First letter upper case, and the pronoun "i" as "I" (pocketsphinx writes everything lowercase). */
export function sentenceCase(text: string): string {
  const s = text.trim().replace(/\bi\b/g, 'I').replace(/\bi'(m|ll|ve|d)\b/g, "I'$1");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `text` cut at the last word boundary that fits `max` characters, trailing punctuation dropped. */
export function trimAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const kept = space > 0 ? cut.slice(0, space) : clean.slice(0, max);
  return kept.replace(/[\s,;:–—-]+$/, '');
}
