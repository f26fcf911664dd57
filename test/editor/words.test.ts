import { describe, expect, it } from 'vitest';
import { punctuate, retitle, spanWords } from '../../daemon/pipeline/language/clip-words.js';
import { clampSpan, snap, snapPoints, stepTo } from '../../web/editor/snap.js';
import { editWord } from '../../web/editor/transcript.js';
import { assColour, lineAt } from '../../web/editor/captions.js';

const w = (text: string, start: number, end = start + 0.25) => ({ text, start, end });

describe('a clip\'s words (daemon/pipeline/language/clip-words.ts)', () => {
  it('writes recognised words as sentences: case, "I", end marks, questions', () => {
    const words = [w('why', 0), w('do', 0.3), w('i', 0.6), w('care', 0.9), w('pricing', 2), w('matters', 2.3)];
    expect(punctuate(words).map((x) => x.text)).toEqual(['Why', 'do', 'I', 'care?', 'Pricing', 'matters.']);
    const whisper = [w('Hello,', 0), w('world.', 0.3)];
    expect(punctuate(whisper)).toEqual(whisper);
  });

  it('takes corrected words inside the correction and recognised words outside it', () => {
    const recognised = [w('a', 1), w('b', 2), w('c', 3), w('d', 4), w('e', 5)];
    const edit = { start: 1.9, end: 4.3, words: [w('B', 2), w('Cee', 3), w('D', 4)] };
    expect(spanWords(recognised, edit, { start: 0.5, end: 5.5 }).map((x) => x.text)).toEqual(['a', 'B', 'Cee', 'D', 'e']);
    expect(spanWords(recognised, edit, { start: 2.9, end: 4.3 }).map((x) => x.text)).toEqual(['Cee', 'D']);
    expect(spanWords(recognised, undefined, { start: 2.9, end: 4.3 }).map((x) => x.text)).toEqual(['c', 'd']);
  });

  it('puts corrected words into a title made of the clip\'s words, and leaves others alone', () => {
    const before = [w('why', 0), w('startups', 0.3), w('fail', 0.6)];
    expect(retitle('Why Startups Fail', before, [w('Why', 0), w('founders', 0.3), w('fail.', 0.6)])).toBe('Why Founders Fail');
    // Issue 29: one corrected word changes that word, cased as it was; the rest keeps its case.
    const reply = [w('the', 0), w('average', 0.3), w('reply', 0.6), w('came', 0.9)];
    expect(retitle('The average reply came in under an hour', reply, [w('The', 0), w('average', 0.3), w('answer', 0.6), w('came', 0.9)])).toBe('The average answer came in under an hour');
    expect(retitle('THE AVERAGE REPLY', reply, [w('The', 0), w('average', 0.3), w('answer', 0.6)])).toBe('THE AVERAGE ANSWER');
    expect(retitle('Highlight at 0:12', before, [w('Why', 0), w('founders', 0.3), w('fail.', 0.6)])).toBe('Highlight at 0:12');
  });
});

describe('the editor\'s handles and words (web/editor/)', () => {
  const words = [w('a', 1, 1.4), w('b', 1.5, 1.9), w('c', 3, 3.5)];
  it('snaps a start handle to word starts and pauses, an end handle to word ends and pauses', () => {
    expect(snapPoints(words, 'start')).toEqual([1, 1.5, 2.45, 3]);
    expect(snapPoints(words, 'end')).toEqual([1.4, 1.9, 2.45, 3.5]);
    expect(snap(1.58, snapPoints(words, 'start'), 0.1)).toBe(1.5);
    expect(snap(2.2, snapPoints(words, 'start'), 0.1)).toBe(2.2);
    expect(stepTo(1.5, snapPoints(words, 'start'), 1)).toBe(2.45);
    expect(stepTo(1.5, snapPoints(words, 'start'), -1)).toBe(1);
  });

  it('keeps a span 3 to 600 s long inside the video', () => {
    expect(clampSpan(9, 10, 60, 'start')).toEqual({ start: 7, end: 10 });
    expect(clampSpan(10, 11, 60, 'end')).toEqual({ start: 10, end: 13 });
    expect(clampSpan(-5, 20, 60, 'start')).toEqual({ start: 0, end: 20 });
    expect(clampSpan(0, 900, 1000, 'end')).toEqual({ start: 0, end: 600 });
  });

  it('splits a word typed as two over its time, and drops an emptied one', () => {
    const list = [w('alot', 1, 2), w('more', 2.1, 2.4)];
    expect(editWord(list, 0, 'a lot')).toEqual([w('a', 1, 1.5), w('lot', 1.5, 2), w('more', 2.1, 2.4)]);
    expect(editWord(list, 0, '  ')).toEqual([w('more', 2.1, 2.4)]);
  });

  it('reads ASS colours and finds the caption line on screen', () => {
    expect(assColour('&H0000D7FF')).toBe('rgba(255, 215, 0, 1.00)');
    const lines = [[w('A', 0, 0.3), w('B', 0.3, 0.6)], [w('C', 2, 2.3)]];
    expect(lineAt(lines, 0.4)?.[0].text).toBe('A');
    expect(lineAt(lines, 1.5)).toBeUndefined();
    expect(lineAt(lines, 2.1)?.[0].text).toBe('C');
  });
});
