// Titles a person would keep: the headline check refuses the recognition noise real titles
// carried, and the title writer never gives a title the check refuses or a word the recogniser
// was unsure of; when no sentence of the clip reads as a headline, the title is a noun phrase of
// the clip's key phrases.
import { describe, expect, it } from 'vitest';
import { prepareCriteria } from '../../daemon/pipeline/suggest/criteria.js';
import { RelevanceModel } from '../../daemon/pipeline/suggest/relevance.js';
import { buildSource } from '../../daemon/pipeline/suggest/source.js';
import { titleProblems } from '../../daemon/pipeline/suggest/title-check.js';
import { nounPhrases } from '../../daemon/pipeline/suggest/title-nouns.js';
import { clipTitle } from '../../daemon/pipeline/suggest/title.js';
import type { Segment, Transcript } from '../../daemon/pipeline/types.js';

describe('titleProblems', () => {
  it('refuses the titles recognition noise made', () => {
    for (const bad of [
      'It is one of the most updated numbers the business and it is wrong',
      'Salad and you been reading lately',
      'All day lovely every and and day',
      'That and his cash',
      'This is a man who had driven the same the car for twenty years',
      'A story about the',
      'And then we went home',
      'The best of',
    ]) expect(titleProblems(bad), bad).not.toEqual([]);
  });

  it('passes whole clauses and noun phrases', () => {
    for (const good of [
      'Our dog learned to open the fridge',
      'Open plan offices are a disaster',
      'Meetings without a written agenda',
      'The shortest war in history',
      'How do you actually get your first customer',
      "It's not the money",
      'All of us agreed',
      'It makes the rest easy',
      'One more thing before we get going',
      'He drove the same car for twenty years',
      'That advice got me promoted three times',
    ]) expect(titleProblems(good), good).toEqual([]);
  });

  it('refuses two clauses run together with nothing joining them, and passes reported and relative clauses', () => {
    for (const bad of ["I'm going to large at the public library is the most underrated place in any town", 'You are both looking forward nobody has to make eye contact'])
      expect(titleProblems(bad), bad).not.toEqual([]);
    for (const good of ['The last piece of advice is the one nobody gets', 'I thought the marathon was just very relaxed about pets', 'Did her garden have anything to do with it', 'We left the house and the dog barked'])
      expect(titleProblems(good), good).toEqual([]);
  });

  it('refuses a noun phrase that opens on a pronoun, lists a bare word or runs two phrases together', () => {
    for (const bad of ['Us and every summer', 'He and his wife', 'Alarm, dark and purpose', 'Number, coincidence and counter', 'The cafe the shop the cinema'])
      expect(titleProblems(bad), bad).not.toEqual([]);
    for (const good of ['The alarm that never rang', 'A summer on the lake', 'Twenty minutes a day', 'New book and quick note'])
      expect(titleProblems(good), good).toEqual([]);
  });

  it('refuses a clause that lost its subject or its auxiliary, and passes questions and commands', () => {
    for (const bad of ['Had been about to throw a working machine', 'Went down by about two thirds', 'Two kids not need to learn to do work at home'])
      expect(titleProblems(bad), bad).not.toEqual([]);
    for (const good of ['Does that really matter for most people', 'Did you ever find the dog', 'Never answer on the spot', 'Why kids do not need homework'])
      expect(titleProblems(good), good).toEqual([]);
  });
});

describe('nounPhrases', () => {
  const phrases = (text: string) => {
    const words = text.split(' ');
    return nounPhrases(words).map((p) => words.slice(p.from, p.to + 1).join(' '));
  };

  it('grades an adjective with "most" and never heads a phrase with an ordinal', () => {
    expect(phrases('the public library is the most underrated place in any')).toContain('the most underrated place');
    expect(phrases('it was the first and the last')).toEqual([]);
  });
});

/** A transcript of utterances 1.2 s apart; words 0.3 s each; `?` after a word marks it unsure. */
function transcript(utterances: string[]): Transcript {
  let t = 0;
  const segments: Segment[] = utterances.map((u) => {
    const words = u.split(' ').map((w) => {
      const word = { text: w.replace('?', ''), start: t, end: t + 0.28, confidence: w.endsWith('?') ? 0.2 : 0.95 };
      t += 0.3;
      return word;
    });
    t += 1.2;
    return { text: words.map((w) => w.text).join(' '), start: words[0].start, end: words[words.length - 1].end, words };
  });
  return { engine: 'pocketsphinx', language: 'en', segments };
}

async function titleOf(utterances: string[]): Promise<string> {
  const src = buildSource(transcript(utterances), { silences: [], loudness: [], loudnessStep: 0.1, scenes: [] }, { duration: 0, width: null, height: null, fps: null, hasAudio: true, hasVideo: false, videoCodec: null, audioCodec: null }, 'en');
  const relevance = new RelevanceModel(src, await prepareCriteria(undefined), []);
  return clipTitle(src, relevance, 0, src.words.length, 0, new Set());
}

describe('clipTitle', () => {
  it('never puts a word the recogniser was unsure of in a title', async () => {
    const title = await titleOf(['it is one of the most quoted numbers in? the business and it is wrong', 'okay so yeah']);
    expect(title).not.toMatch(/\bin\b/i);
    // Its sure words give only a short key phrase: that, not the time, titles it (a clip with sure words is never titled by its time).
    expect(titleProblems(title).filter((p) => p !== 'fewer than three words')).toEqual([]);
    expect(title).not.toMatch(/^Highlight at/);
  });

  it('builds a noun phrase of key phrases when no sentence reads as a headline', async () => {
    const title = await titleOf([
      'salad and you been reading lately',
      'all day lovely every and and day',
      'that and his cash register',
      'the sourdough starter and and the',
    ]);
    expect(titleProblems(title), title).toEqual([]);
    expect(title).not.toMatch(/^Highlight at/);
    expect(title.toLowerCase()).toMatch(/starter|tag|register|salad/);
  });

  it("makes the fallback a noun phrase of the clip's own words with its modifiers, never a pronoun", async () => {
    // "us and every summer" reads as a noun phrase to a tagger but opens on a pronoun; the other sentences are fragments.
    expect(await titleOf(['us and every summer', 'because the alarm that never rang', 'and so um the dark and'])).toBe('The alarm that never rang');
    expect(await titleOf(['he and his wife', 'at the lake we went swimming? in? the? cold? water?', 'because a summer on the lake with', 'and the and'])).toBe('A summer on the lake');
    // A relative clause without "that" after a superlative; a time or a plural noun ends its phrase.
    expect(await titleOf(['because those were the best summers we ever had', 'and so um the and'])).toBe('The best summers we ever had');
    expect(await titleOf(['because reading the newspaper every single morning parents with babies', 'and so um the and'])).toBe('Parents with babies');
    // "for weeks" tells how long the reading went on, not which book.
    expect(await titleOf(['because we read a new book for weeks', 'and so um the and'])).toBe('A new book');
  });

  it('prefers a short noun phrase of the clip to a list of bare key phrases', async () => {
    const title = await titleOf(['alarm dark and purpose', 'of the alarm and the dark', 'because purpose']);
    expect(title).toBe('The alarm');
    // A phrase headed by a time beats a list of key phrases headed by general words or times; a short one with a telling head beats both.
    expect(await titleOf(['because gay people and people', 'in? the first six weeks'])).toBe('The first six weeks');
    expect(await titleOf(['because people and gay people', 'in? the first six weeks'])).toBe('The first six weeks');
    expect(await titleOf(['because the dogs and', 'so on the next day and'])).toBe('The dogs');
    // A two-word phrase opens on its determiner: "last month" is when, not what.
    expect(await titleOf(['so um last month', 'and the alarm and'])).toBe('The alarm');
  });
});
