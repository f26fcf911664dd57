// Issue 20, item 1: GloVe word vectors from the optional npm package, turned once into a compact
// file. The file format is tested on a small file written here in the package's exact JSON layout
// ({"words": [...], "vectors": {"word": [d1 .. dn, l2 norm, rank]}}); the meaning they add is
// tested on the real package, which `npm ci` installs (an optional dependency).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseVectorFile, readGloveJson, writeVectorFile } from '../../daemon/pipeline/language/word-vectors-file.js';
import { loadWordVectors, vectorPackageFile, WordVectors } from '../../daemon/pipeline/language/word-vectors.js';
import { Relatedness } from '../../daemon/pipeline/language/relatedness.js';
import { wordNet } from '../../daemon/pipeline/language/wordnet.js';
import { coreOf, prepareCriteria } from '../../daemon/pipeline/suggest/criteria.js';

const dir = mkdtempSync(join(tmpdir(), 'clipper-vectors-'));

/** A file in the package's layout: rank = position in `words`; entries in another order. */
function packageJson(entries: Array<[string, number[]]>): string {
  const vectors = Object.fromEntries(entries.map(([w, v], rank) => [w, [...v, Math.hypot(...v), rank]]).reverse());
  return JSON.stringify({ precision: 8, l2NormIndex: 3, wordIndex: 4, size: entries.length, dimensions: 3, words: entries.map(([w]) => w), vectors, unkVector: [0, 0, 0, -1] });
}

describe('word vector file', () => {
  const json = join(dir, 'vectors.json');
  writeFileSync(json, packageJson([['the', [1, 0, 0]], [',', [0, 1, 0]], ['coffee', [0.6, 0.8, 0]], ['Paris', [0, 0, 1]], ['tea', [0.8, 0.6, -1e-3]], ['rare', [0, 0, 2.5e-2]]]));

  it('keeps lower-case words by rank, as unit vectors, and reads back what it wrote', async () => {
    const data = await readGloveJson(json, 5);
    expect(data.words).toEqual(['the', 'coffee', 'tea']); // "," and "Paris" are no words; "rare" is past the limit
    expect(data.dims).toBe(3);
    const file = join(dir, 'vectors.bin');
    await writeVectorFile(file, data);
    const back = parseVectorFile(readFileSync(file));
    expect(back.words).toEqual(data.words);
    expect([...back.values]).toEqual([...data.values]);
    const v = new WordVectors(back);
    expect(v.similarity('coffee', 'tea')).toBeCloseTo(0.96, 1);
    expect(v.similarity('the', 'coffee')).toBeCloseTo(0.6, 1);
    expect(v.similarity('coffee', 'unknown')).toBe(0);
    expect(v.rank('tea')).toBe(2);
  });

  it('refuses a truncated file or one of another kind', async () => {
    const file = join(dir, 'cut.bin');
    await writeVectorFile(file, await readGloveJson(json, 5));
    const whole = readFileSync(file);
    expect(() => parseVectorFile(whole.subarray(0, whole.length - 2))).toThrow(/truncated/);
    expect(() => parseVectorFile(Buffer.from('{"words": []}'))).toThrow(/not a word vector file/);
  });
});

describe('request core', () => {
  it('keeps the words before a phrase of place, time, source or cause', () => {
    expect(coreOf('raising vegetables in your backyard', 'en')).toBe('raising vegetables');
    expect(coreOf('bringing home an animal from a rescue centre', 'en')).toBe('bringing home an animal');
    expect(coreOf('in the kitchen', 'en')).toBe('in the kitchen');
    expect(coreOf('office dog story', 'en')).toBe('office dog story');
  });

  it('weighs the circumstances less than the core', async () => {
    const c = await prepareCriteria('raising vegetables in your backyard', 'en');
    const role = (w: string) => c.roles[c.aspects.indexOf(w)];
    expect(role('vegetables')).toBe(1);
    expect(role('backyard')).toBeLessThan(1);
  });
});

describe.skipIf(!vectorPackageFile())('GloVe vectors of the npm package', () => {
  it('relates words WordNet leaves apart, and not frequent words to everything', async () => {
    await Promise.all([wordNet().load(), loadWordVectors()]);
    const r = new Relatedness();
    expect(r.related('breakfast', 'coffee')).toBeGreaterThan(0.2);
    expect(r.related('pension', 'retirement')).toBeGreaterThan(0.2);
    // Raw GloVe rates "cost" and "more" 0.68; the file's post-processing takes that out.
    expect(r.related('cost', 'more')).toBeLessThan(0.15);
    expect(r.related('cost', 'year')).toBeLessThan(0.15);
  });
});
