// The embedded language model (issue 28, items 1, 2 and 6) through the real node-llama-cpp and
// llama.cpp, on a random-weight llama GGUF our script writes: the grammar makes its answers
// valid JSON of the schema even though the "model" writes noise; the judge's sub-scores and
// reasons land on the clips, titles stay within 4 to 10 words; a timeout, a crash of the
// model's process and a missing model each fall back to the heuristics and say so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmError } from '../../daemon/pipeline/llm/chat.js';
import { chooseWithLlm } from '../../daemon/pipeline/llm/choose.js';
import { EmbeddedEngine, type EmbeddedSettings } from '../../daemon/pipeline/llm/embedded.js';
import { nodeLlamaCppPackage } from '../../daemon/pipeline/llm/embedded-process.js';
import { judgePrompt } from '../../daemon/pipeline/llm/prompts.js';
import type { SuggestedClip } from '../../daemon/pipeline/types.js';
import { makeTinyGguf } from './tiny-gguf.js';

let dir: string;
let modelPath: string;
const engines: EmbeddedEngine[] = [];
const engine = (over: Partial<EmbeddedSettings> = {}) => {
  const e = new EmbeddedEngine({ modelPath, model: 'tiny-llama.gguf', packageUrl: nodeLlamaCppPackage(), timeoutMs: 60_000, contextSize: 4096, threads: 1, ...over });
  engines.push(e);
  return e;
};

const TALK = [
  'So here is the thing nobody tells you about pricing your first product. You think a low price wins customers, but it tells them the product is cheap.',
  'My hands were shaking before my first talk. I wrote every word down and still forgot the opening. The audience laughed with me, and that saved it.',
  'We moved the whole team to four day weeks. Output went up by a fifth within two months, because meetings shrank to what mattered.',
  'The office dog has its own badge now. It walks in at nine, visits every desk and then sleeps under the printer until lunch.',
];
const clip = (i: number, score: number): SuggestedClip => ({
  start: i * 40, end: i * 40 + 30, title: `Heuristic title number ${i}`, score,
  score_breakdown: { relevance: score, hook: 0.5, energy: 0.5, completeness: 0.9 }, reason: 'heuristics', transcript: TALK[i],
});
const pool = TALK.map((_, i) => clip(i, 0.9 - i * 0.1));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clipper-llm-'));
  modelPath = makeTinyGguf(join(dir, 'tiny-llama.gguf'));
});
afterAll(() => {
  for (const e of engines) e.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded language model on a random-weight GGUF', () => {
  it('loads through node-llama-cpp and answers valid JSON of the judge schema', async () => {
    const e = engine();
    const request = judgePrompt('stage fright', pool.map((c, i) => ({ id: `c${i + 1}`, start: c.start, end: c.end, transcript: c.transcript })));
    const answer = (await e.json(request)) as { clips: Record<string, Record<string, unknown>> };
    expect(Object.keys(answer.clips)).toEqual(['c1', 'c2', 'c3', 'c4']);
    for (const item of Object.values(answer.clips)) {
      expect(Object.keys(item)).toEqual(['reason', 'hook', 'payoff', 'self_contained', 'relevance', 'end', 'start']);

      for (const k of ['hook', 'payoff', 'self_contained', 'relevance']) expect(item[k]).toSatisfy((n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 10);
      expect((item.reason as string).length).toBeLessThanOrEqual(100);
    }
    expect(e.last).toMatchObject({ promptTokens: expect.any(Number), generatedTokens: expect.any(Number) });
    expect(e.last!.generatedTokens).toBeGreaterThan(10);
  }, 120_000);

  it('judges, ranks and titles a section: sub-scores and reasons on the clips, titles of 4 to 10 words', async () => {
    const { clips, ranking } = await chooseWithLlm(engine(), 'stage fright', pool, 2);
    expect(ranking).toMatchObject({ by: 'llm', model: 'tiny-llama.gguf' });
    expect(clips).toHaveLength(2);
    for (const c of clips) {
      expect(c.reason).toMatch(/^Language model: .+/);
      expect(c.scores).toEqual({ hook: expect.any(Number), payoff: expect.any(Number), self_contained: expect.any(Number), relevance: expect.any(Number) });
      for (const v of Object.values(c.scores!)) expect(v).toSatisfy((n: number) => n >= 0 && n <= 1);
      const words = c.title.split(/\s+/).length;
      // A title the noise could not make fit stays the heuristics' (and the note says so).
      expect(words >= 4 && words <= 10).toBe(true);
      expect(c.title).not.toMatch(/won'?t believe/i);
    }
    expect(clips[1].score).toBeLessThan(clips[0].score);
  }, 180_000);

  it('falls back to the heuristics on a timeout, and the next call starts a fresh process', async () => {
    const e = engine({ timeoutMs: 5 });
    const { clips, ranking } = await chooseWithLlm(e, 'x', pool, 2);
    expect(clips).toEqual(pool.slice(0, 2));
    expect(ranking).toEqual({ by: 'heuristics', note: 'the embedded language model tiny-llama.gguf did not answer within 0.005 s; clips were chosen by the heuristics' });
    expect(e.started[0].alive).toBe(false);
  }, 60_000);

  it('falls back when the model process crashes, and the daemon process lives on', async () => {
    const e = engine();
    const pending = chooseWithLlm(e, 'x', pool, 2);
    await new Promise((r) => setTimeout(r, 300));
    process.kill(e.started[0].pid!, 'SIGKILL');
    const { clips, ranking } = await pending;
    expect(clips).toEqual(pool.slice(0, 2));
    expect(ranking).toEqual({ by: 'heuristics', note: "the embedded language model's process ended (SIGKILL) running tiny-llama.gguf; the daemon is fine; clips were chosen by the heuristics" });
  }, 60_000);

  it('falls back when the model is not installed, without starting a process', async () => {
    const e = engine({ modelPath: join(dir, 'absent.gguf'), model: 'qwen2.5-1.5b-instruct' });
    const { ranking } = await chooseWithLlm(e, 'x', pool, 2);
    expect(ranking).toEqual({ by: 'heuristics', note: 'the language model qwen2.5-1.5b-instruct is not installed (`clipper models add qwen2.5-1.5b-instruct`); clips were chosen by the heuristics' });
    expect(e.started).toHaveLength(0);
    const none = engine({ model: '' });
    await expect(none.json(judgePrompt(undefined, []))).rejects.toThrow(LlmError);
  });
});
