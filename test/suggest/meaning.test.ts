import { beforeAll, describe, expect, it } from 'vitest';
import { cosine } from '../../daemon/pipeline/suggest/cohesion.js';
import { glossVector, passageVector, requestVector } from '../../daemon/pipeline/language/gloss-vectors.js';
import { meaningWordsOf } from '../../daemon/pipeline/language/compounds.js';
import { wordNet } from '../../daemon/pipeline/language/wordnet.js';

// Issue 20, item 1: "score a whole topic passage against the whole request, so that a passage
// that is about the request outranks one that merely repeats two of its words". Passages of the
// evaluation set (fixtures/eval/passages.txt), shortened.
const REQUEST = 'preparing a strong breakfast drink in the kitchen';
const ABOUT = 'Most espresso at home tastes bitter or sour. Buy whole beans and a burr grinder. Start with eighteen grams of ground coffee, and aim for thirty six grams of liquid. If the shot runs too fast, grind finer. For milk, use it cold and stop frothing when the jug gets too hot.';
const REPEATS = 'Preparing the batter the night before is the secret. Mix flour, sugar, salt and baking powder, whisk the eggs with milk and butter. In the morning the kitchen smells of butter. For a strong breakfast I serve the pancakes with berries and a drink of orange juice.';

const words = (text: string) => meaningWordsOf(text, 'en').map((word) => ({ word, weight: 1 }));

describe('gloss vectors (what a whole passage is about)', () => {
  beforeAll(async () => void (await wordNet().load()), 60_000);

  it('gives a word the unit vector of the words that define it', () => {
    const v = glossVector('espresso');
    expect(Math.hypot(...v.values())).toBeCloseTo(1, 6);
    expect(v.has('coffe') || v.has('coffee')).toBe(true);
    expect(glossVector('qwzx').size).toBeLessThanOrEqual(1);
  });

  it('ranks the passage about the request in its own words above the one that repeats its words', () => {
    const aspects = meaningWordsOf(REQUEST, 'en');
    const request = requestVector(aspects);
    const about = cosine(request, passageVector(words(ABOUT), aspects));
    const repeats = cosine(request, passageVector(words(REPEATS), aspects));
    expect(about).toBeGreaterThan(repeats);
  });

  it('leaves the request words out of a passage: a passage of nothing else says nothing', () => {
    const aspects = meaningWordsOf(REQUEST, 'en');
    expect(passageVector(words('strong breakfast drink, kitchen; preparing breakfast'), aspects).size).toBe(0);
  });
});
