// The rules every suggestion must keep (issue 4, "Suggestion"), checked on every test's output.
import { expect } from 'vitest';
import { normalizeWord, tokenize } from '../../daemon/pipeline/language/tokens.js';
import { overlapFraction, MAX_OVERLAP } from '../../daemon/pipeline/suggest/index.js';
import type { SuggestedClip } from '../../daemon/pipeline/types.js';
import type { Talk } from './synthetic.js';

const twoDecimals = (x: number) => Math.abs(Math.round(x * 100) - x * 100) < 1e-6;

export function expectValidClips(clips: SuggestedClip[], talk: Pick<Talk, 'transcript' | 'probe'>): void {
  expect(clips.length).toBeGreaterThanOrEqual(1);
  const words = talk.transcript.segments.flatMap((s) => s.words).filter((w) => normalizeWord(w.text) !== '');
  for (const c of clips) {
    expect(twoDecimals(c.start) && twoDecimals(c.end), `${c.start}-${c.end} two decimals`).toBe(true);
    expect(c.start).toBeGreaterThanOrEqual(0);
    expect(c.end).toBeGreaterThan(c.start);
    expect(c.end).toBeLessThanOrEqual(talk.probe.duration);
    // Never cut a word: no boundary strictly inside a word's time span.
    const cut = words.filter((w) => [c.start, c.end].some((t) => t > w.start && t < w.end));
    expect(cut, `clip ${c.start}-${c.end} cuts words`).toEqual([]);
    // The transcript is exactly the words inside the clip.
    const inside = words.filter((w) => w.start >= c.start && w.end <= c.end).map((w) => w.text.trim().replace(/\(\d+\)$/, '')).join(' ');
    expect(c.transcript).toBe(inside);
    for (const v of [c.score, ...Object.values(c.score_breakdown)]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    expect(Object.keys(c.score_breakdown).sort()).toEqual(['completeness', 'energy', 'hook', 'relevance']);
    expect(c.title.length).toBeGreaterThan(0);
    expect(c.title.length).toBeLessThanOrEqual(100);
    expect(c.title).toMatch(/^[A-Z0-9]/);
    if (c.transcript) {
      const own = new Set(tokenize(c.transcript));
      for (const t of tokenize(c.title)) expect(own.has(t), `title word "${t}" of "${c.title}" is in the clip`).toBe(true);
    }
    expect(c.reason.length).toBeGreaterThan(0);
    expect(c.reason).not.toMatch(/\n/);
  }
  for (let i = 1; i < clips.length; i++) expect(clips[i - 1].score).toBeGreaterThanOrEqual(clips[i].score);
  for (let i = 0; i < clips.length; i++) {
    for (let j = i + 1; j < clips.length; j++) expect(overlapFraction(clips[i], clips[j])).toBeLessThanOrEqual(MAX_OVERLAP);
  }
}

/** Share of a clip's time inside the named paragraph. */
export function shareIn(clip: SuggestedClip, talk: Talk, name: string): number {
  const p = talk.paragraphs.find((x) => x.name === name)!;
  return Math.max(0, Math.min(p.end, clip.end) - Math.max(p.start, clip.start)) / (clip.end - clip.start);
}
