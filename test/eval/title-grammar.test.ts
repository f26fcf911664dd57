// The evaluation's tagger count of titles: a whole clause or a noun phrase passes; a noun phrase
// opening on a pronoun, a list of bare words, noun phrases run together, a fragment without its
// subject and a function word at an end fail. The tagger under it mends what its rules get wrong.
import { describe, expect, it } from 'vitest';
import { taggedTitleProblems } from '../../eval/episodes/title-grammar.js';
import { tagWords } from '../../daemon/pipeline/suggest/title-tags.js';

describe('taggedTitleProblems', () => {
  it('fails the titles the noun-phrase fallback and recognition noise gave', () => {
    for (const bad of [
      'Us and every summer',
      'He and his wife',
      'Alarm, dark and purpose',
      'Number, coincidence and counter',
      'The cafe the shop the cinema',
      'Had been about to throw a working machine',
      'And then we went home',
      'A story about the',
      'Because of the bridge',
    ]) expect(taggedTitleProblems(bad), bad).not.toEqual([]);
  });

  it('passes whole clauses, questions, commands and noun phrases', () => {
    for (const good of [
      'The alarm that never rang',
      'A summer on the lake',
      'Nine out of ten',
      'Twenty minutes a day',
      'Meetings without a written agenda',
      'On Tuesday evening the police knocked on the door',
      'What would you build instead',
      'Does that really matter for most people',
      'Watch the whole thing in complete silence',
      'I have had a license for eighteen years',
      'It all blew up',
    ]) expect(taggedTitleProblems(good), good).toEqual([]);
  });
});

describe('tagWords', () => {
  it('keeps the tags the lexicon lists: "thing" a noun, "I" a pronoun, "nine" a number, "you need" a verb', () => {
    const tags = (text: string) => Object.fromEntries(tagWords(text).map((t) => [t.word, t.tag]));
    expect(tags('watch the whole thing').thing).toBe('NN');
    expect(tags('I have a license').i).toBe('PRP');
    expect(tags('nine out of ten').nine).toBe('CD');
    expect(tags('you need to prepare').need).toMatch(/^VB/);
  });
});
