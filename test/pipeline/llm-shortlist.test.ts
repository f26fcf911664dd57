// Issue 28, item 3: "used to match the request to passages when no LLM is installed, and as the
// LLM's shortlist when one is". With both a sentence encoder and a language model (here the tiny
// random-weight models our scripts write, run by the real onnxruntime-node and node-llama-cpp),
// the encoder picks which of a section's candidates the model reads and judges: fewer than
// without it, so fewer prompt tokens; the section says both models were used.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realStages } from '../../daemon/pipeline/real-stages.js';
import { closeEncoder } from '../../daemon/pipeline/embed/embedder.js';
import { EmbeddedEngine } from '../../daemon/pipeline/llm/embedded.js';
import { nodeLlamaCppPackage } from '../../daemon/pipeline/llm/embedded-process.js';
import type { JsonRequest } from '../../daemon/pipeline/llm/chat.js';
import type { LlmChoice } from '../../daemon/pipeline/llm/settings.js';
import { makeTalk, TOPICS } from '../suggest/synthetic.js';
import { makeEmbeddingModel } from './test-embed-model.js';
import { makeTinyGguf } from './tiny-gguf.js';

const tmp = mkdtempSync(join(tmpdir(), 'clipper-shortlist-'));
const encoder = makeEmbeddingModel(tmp);
const engine = new EmbeddedEngine({ modelPath: makeTinyGguf(join(tmp, 'tiny-llama.gguf')), model: 'tiny-llama.gguf', packageUrl: nodeLlamaCppPackage(), timeoutMs: 120_000, contextSize: 4096, threads: 1 });
afterAll(() => {
  engine.close();
  closeEncoder();
  rmSync(tmp, { recursive: true, force: true });
});

/** The installed language model, with what it was asked. */
function recording(asked: JsonRequest[]): LlmChoice {
  const choice = (() => ({ engine: engine.engine, model: engine.model, json: (r: JsonRequest, s?: AbortSignal) => (asked.push(r), engine.json(r, s)) })) as LlmChoice;
  choice.close = () => undefined;
  return choice;
}

const talk = makeTalk([TOPICS.garden, TOPICS.trains, TOPICS.music, TOPICS.bread, TOPICS.space]);
const request = 'railways';
const listed = (r: JsonRequest) => [...r.user.matchAll(/^\[(c\d+)\] \d+:\d+-\d+:\d+: (.*)$/gm)].map((m) => m[2]);

describe('the sentence encoder as the language model\'s shortlist', () => {
  it('judges only the candidates the encoder shortlists, the ones most like the request', async () => {
    const input = { ...talk, span: { start: 0, end: talk.probe.duration }, last: true };
    const opts = { criteria: request, language: 'en', clipCount: 1 };

    const alone: JsonRequest[] = [];
    const without = await realStages({ transcription: { engine: 'none' } }, { CLIPPER_EMBEDDING_MODEL: 'none' }, recording(alone)).suggest(input, opts);
    const everyCandidate = listed(alone.find((r) => r.schemaName === 'clip_judgement')!);
    expect(everyCandidate.length).toBeGreaterThanOrEqual(3);
    expect(without.ranking).toMatchObject({ by: 'llm', model: 'tiny-llama.gguf' });

    const both: JsonRequest[] = [];
    const withEncoder = await realStages({ transcription: { engine: 'none' } }, { CLIPPER_EMBEDDING_MODEL: encoder }, recording(both)).suggest(input, opts);
    const judged = both.filter((r) => r.schemaName === 'clip_judgement');
    expect(judged).toHaveLength(1);
    // One clip asked for, and one spare: two of the candidates, fewer prompt tokens.
    const shortlisted = listed(judged[0]);
    expect(shortlisted).toHaveLength(2);
    expect(judged[0].user.length).toBeLessThan(alone.find((r) => r.schemaName === 'clip_judgement')!.user.length);
    expect(withEncoder.ranking).toMatchObject({ by: 'llm', model: 'tiny-llama.gguf', embedding: 'test-embed' });
    expect(withEncoder.clips).toHaveLength(1);
    expect(withEncoder.clips[0].reason).toMatch(/^Language model: /);
    // The asked-for topic is on the shortlist (the tiny encoder's mean pooling keeps shared words).
    expect(shortlisted.some((t) => /railway|night train|timetable|sleeping cars|locomotive|long journey/.test(t))).toBe(true);
  }, 300_000);
});
