import { describe, expect, it } from 'vitest';
import { assTime, buildAss, captionLines } from '../../daemon/pipeline/render/captions-ass.js';
import { polish, writeCaption } from '../../daemon/pipeline/language/captions.js';
import { SCRIPT, timedWords } from './helpers.js';

describe('burned-in captions (ASS)', () => {
  const words = [
    { text: '<s>', start: 0.9, end: 1.0 },
    { text: 'charge', start: 1.0, end: 1.25 },
    { text: 'more(2)', start: 1.3, end: 1.55 },
    { text: '<sil>', start: 1.55, end: 1.6 },
    { text: 'for', start: 1.6, end: 1.85 },
    { text: 'your', start: 1.9, end: 2.15 },
    { text: 'product', start: 3.2, end: 3.6 },
    { text: '{\\b1}x', start: 9, end: 9.5 }, // outside the clip
  ];

  it('groups a few words a line, breaks at pauses, drops recogniser markers, keeps to the clip', () => {
    const lines = captionLines(words, 1, 4);
    expect(lines.map((l) => l.map((w) => w.text).join(' '))).toEqual(['CHARGE MORE FOR', 'YOUR', 'PRODUCT']);
    expect(lines[0][0]).toEqual({ text: 'CHARGE', start: 0, end: 0.25 });
  });

  it('writes one event per spoken word with that word highlighted, on the 1080x1920 canvas', () => {
    const ass = buildAss(words, 1, 4);
    expect(ass).toContain('PlayResX: 1080');
    expect(ass).toContain('PlayResY: 1920');
    const events = ass.split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(events).toHaveLength(5);
    expect(events[1]).toBe('Dialogue: 0,0:00:00.30,0:00:00.60,Caption,,0,0,0,,CHARGE {\\c&H0000D7FF&}MORE{\\c&H00FFFFFF&} FOR');
    expect(ass).not.toMatch(/SIL|<s>|\(2\)/i);
  });

  it('formats ASS times in centiseconds', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(61.257)).toBe('0:01:01.26');
    expect(assTime(3725.5)).toBe('1:02:05.50');
  });
});

describe('caption text', () => {
  it.each([
    ['why do most startups charge too little', 'Why do most startups charge too little?'],
    ['when you double the price customers notice', 'When you double the price customers notice.'],
    ['do you test your pricing page', 'Do you test your pricing page?'],
    ['um so i think uh pricing pricing matters', 'I think pricing matters.'],
    ["what's the right price", "What's the right price?"],
  ])('polishes "%s"', (raw, written) => {
    expect(polish(raw)).toBe(written);
  });

  it('writes from the clip in any platform shape, the hook being one of its sentences', () => {
    const out = writeCaption('short_video', { words: timedWords(SCRIPT), transcript: SCRIPT, corpus: [], language: 'en' });
    const hook = out.caption.split(/(?<=[.?])\s/)[0];
    expect(SCRIPT.toLowerCase()).toContain(hook.toLowerCase().replace(/[.?]$/, ''));
    expect(writeCaption('long_video', { words: [], transcript: '', corpus: [], language: 'en' })).toEqual({ caption: '', title: 'New clip' });
  });

  it('does not repeat a one-sentence clip in the long-video description', () => {
    const one = 'Pricing is the hardest decision a founder makes';
    const out = writeCaption('long_video', { words: timedWords(one), transcript: one, corpus: [], language: 'en' });
    expect(out.caption.match(/hardest decision/gi)).toHaveLength(1);
    const many = writeCaption('long_video', { words: timedWords(SCRIPT), transcript: SCRIPT, corpus: [], language: 'en' });
    expect(many.caption.split('\n\n').length).toBeGreaterThan(1); // hook, then the transcript
  });
});
