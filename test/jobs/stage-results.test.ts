import { describe, expect, it } from 'vitest';
import { JobStages, namesOf, parseStageKey, stageKey } from '../../daemon/resources/clip-jobs/stage-results.js';
import { ProgressSink } from '../../daemon/progress-sink.js';

describe('typed stage results (issue 27, item 8)', () => {
  it('encodes each kind to the names databases of earlier versions hold', () => {
    expect([stageKey('ingest'), stageKey('probe'), stageKey('audio'), stageKey('plan'), stageKey('transcriber'), stageKey('analyse')]).toEqual(['ingest', 'probe', 'audio', 'plan', 'transcriber', 'analyse']);
    expect([stageKey('transcribe', 3), stageKey('suggest', 0), stageKey('warning', 'no_speech_engine'), stageKey('copy', 'clip_1')]).toEqual(['transcribe:3', 'suggest:0', 'warning:no_speech_engine', 'copy:clip_1']);
  });

  it('decodes stored names, and leaves names it does not know alone', () => {
    expect(parseStageKey('transcribe:12')).toEqual({ kind: 'transcribe', part: '12' });
    expect(parseStageKey('probe')).toEqual({ kind: 'probe' });
    expect(parseStageKey('copy:clip_a:b')).toEqual({ kind: 'copy', part: 'clip_a:b' });
    for (const unknown of ['probe:1', 'suggest', 'diarize', 'nope:1', '']) expect(parseStageKey(unknown)).toBeUndefined();
    expect(namesOf(['suggest:1', 'suggest:0', 'transcribe:0', 'plan', 'suggest'], 'suggest')).toEqual([{ name: 'suggest:1', part: '1' }, { name: 'suggest:0', part: '0' }]);
  });

  it('reads a job stored by an earlier version by the same keys (resume across an upgrade)', async () => {
    const stored = new Map<string, unknown>([['plan', { duration: 10, chunks: [{ start: 0, end: 10 }], sections: [{ start: 0, end: 10, first: 0, last: 0 }] }], ['suggest:0', { clip_ids: ['clip_1'], carry_from: 4 }], ['transcribe:0', { engine: 'pocketsphinx', language: 'en', segments: [] }]]);
    const stages = await JobStages.load({ stageResults: async () => stored }, 'job_1');
    expect(stages.get(stageKey('plan'))?.chunks).toHaveLength(1);
    expect(stages.get(stageKey('suggest', 0))?.carry_from).toBe(4);
    expect(stages.get(stageKey('transcribe', 0))?.engine).toBe('pocketsphinx');
    expect(stages.has(stageKey('suggest', 1))).toBe(false);
    stages.set(stageKey('suggest', 1), { clip_ids: [] });
    expect(stages.has(stageKey('suggest', 1))).toBe(true);
  });
});

describe('ProgressSink with a minimum interval', () => {
  it('writes at most once an interval, the latest value, and flush() writes the final value at once', async () => {
    const written: number[] = [];
    const sink = new ProgressSink<number>(async (v) => void written.push(v), { minIntervalMs: 200 });
    for (let i = 1; i <= 100; i++) sink.push(i);
    await new Promise((r) => setTimeout(r, 20));
    expect(written).toEqual([100]); // the latest value of the burst, once
    for (let i = 101; i <= 150; i++) sink.push(i);
    const started = performance.now();
    await sink.flush();
    expect(performance.now() - started).toBeLessThan(150); // not held back by the interval
    expect(written).toEqual([100, 150]);
  });

  it('a value pushed and left is written once the interval has passed', async () => {
    const written: string[] = [];
    const sink = new ProgressSink<string>(async (v) => void written.push(v), { minIntervalMs: 50 });
    sink.push('a');
    await new Promise((r) => setTimeout(r, 5));
    sink.push('b');
    expect(written).toEqual(['a']);
    await new Promise((r) => setTimeout(r, 150));
    expect(written).toEqual(['a', 'b']);
    await sink.flush();
    expect(written).toEqual(['a', 'b']);
  });
});
