// The word vectors' words are found in the file's bytes through a typed-array index, not held as
// a JavaScript string and Map entry each: loading the 200,000 words leaves the JS heap as it was,
// and every word keeps its row (rank) and vector.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WordIndex } from '../../daemon/pipeline/language/word-index.js';
import { parseVectorFile } from '../../daemon/pipeline/language/word-vectors-file.js';
import { loadWordVectors, vectorCacheFile, vectorPackageFile } from '../../daemon/pipeline/language/word-vectors.js';

describe('word index', () => {
  it('gives each word its row, the last row of a word listed twice, and nothing for others', () => {
    const words = ['the', 'coffee', 'café', '', 'tea', 'coffee-break', 'tea', "don't"];
    const index = WordIndex.of(words);
    expect(index.count).toBe(8);
    expect(['the', 'coffee', 'café', '', 'tea', 'coffee-break', "don't"].map((w) => index.get(w))).toEqual([0, 1, 2, 3, 6, 5, 7]);
    expect(index.get('coffe')).toBeUndefined();
    expect(index.get('coffees')).toBeUndefined();
    expect(index.get('cafe')).toBeUndefined();
    expect(index.has('tea')).toBe(true);
    expect(index.has('Tea')).toBe(false);
  });
});

describe.skipIf(!vectorPackageFile())('GloVe vectors loaded', () => {
  it('add no strings to the JavaScript heap, and every word keeps its rank', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const vectors = (await loadWordVectors())!;
    gc();
    // A string and a Map entry per word held ~14 MB here.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4 * 1024 * 1024);
    const { words } = parseVectorFile(readFileSync(vectorCacheFile()!));
    expect(vectors.size).toBe(words.length);
    expect(words.every((w, i) => vectors.rank(w) === i)).toBe(true);
    expect(vectors.rank('no-such-wordx')).toBe(words.length);
    expect(vectors.similarity('coffee', 'coffee')).toBeGreaterThan(0.99);
  });
});
