// The chat-completions client and the model's part in choosing clips (issue 20, item 5), against
// a local server speaking the protocol: JSON and streamed answers, slow, malformed, refusing,
// failing and unreachable servers, and a ranking that decides the order.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatJson, LlmError, type LlmSettings } from '../../daemon/pipeline/llm/chat.js';
import { chooseWithLlm } from '../../daemon/pipeline/llm/choose.js';
import { OpenAiEngine } from '../../daemon/pipeline/llm/engine.js';
import { rankingPrompt } from '../../daemon/pipeline/llm/prompts.js';
import { rankFinalists, scoresInOrder } from '../../daemon/pipeline/llm/rank.js';
import type { SuggestedClip } from '../../daemon/pipeline/types.js';
import { LlmServer, type ChatRequest } from '../helpers/llm-server.js';

let server: LlmServer;
/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}
const settings = (over: Partial<LlmSettings> = {}): LlmSettings => ({ baseUrl: server.url, model: 'test-model', timeoutMs: 5_000, stream: false, ...over });
const openai = (over: Partial<LlmSettings> = {}) => new OpenAiEngine(settings(over));
const request = rankingPrompt('nervous speakers', [{ id: 'c1', start: 0, end: 30, transcript: 'my hands were shaking' }]);

beforeAll(async () => {
  server = await new LlmServer().start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.behaviour = {};
  server.requests.length = 0;
});

const ids = (req: ChatRequest) => [...req.messages[1].content.matchAll(/\[(c\d+)\]/g)].map((m) => m[1]);
/**
 * A model that judges the candidates in reverse order of how they were listed (the last most
 * relevant), ranks the finalists in reverse too, and writes copy (issue 28's three calls).
 */
const reversing = (req: ChatRequest) => {
  const name = req.response_format?.json_schema?.name;
  const listed = ids(req);
  if (name === 'clip_copy') return { clips: Object.fromEntries(listed.map((id) => [id, { title: `What the model calls ${id}`, hashtags: ['StageFright', '#PublicSpeaking'], caption: `Short ${id}` }])) };
  if (name === 'clip_ranking') return { order: listed };
  return { clips: Object.fromEntries(listed.map((id, i) => [id, { reason: `the model's reason for ${id}`, hook: 5, payoff: 5, self_contained: 5, relevance: Math.min(10, 3 + i * 2), end: 0 }])) };
};

describe('chat-completions client', () => {
  it('sends the model, the messages and a JSON schema, and parses a JSON answer', async () => {
    server.behaviour = { content: () => ({ ranking: [{ id: 'c1', relevance: 0.8, reason: 'on topic' }] }) };
    expect(await chatJson(settings({ apiKey: 'sk-test' }), request)).toEqual({ ranking: [{ id: 'c1', relevance: 0.8, reason: 'on topic' }] });
    const sent = server.requests[0];
    expect(sent).toMatchObject({ model: 'test-model', stream: false, temperature: 0, response_format: { type: 'json_schema', json_schema: { name: 'clip_ranking', strict: true } } });
    expect(sent.response_format!.json_schema!.schema).toMatchObject({ type: 'object', required: ['order'] });
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages[1].content).toContain('"nervous speakers"');
  });

  it('reads a streamed answer split anywhere, even inside an event', async () => {
    server.behaviour = { content: () => ({ ranking: [{ id: 'c1', relevance: 0.5, reason: 'the same, streamed in pieces' }] }), chunkBytes: 5 };
    expect(await chatJson(settings({ stream: true }), request)).toEqual({ ranking: [{ id: 'c1', relevance: 0.5, reason: 'the same, streamed in pieces' }] });
    expect(server.requests[0].stream).toBe(true);
  });

  it('gives up on a slow server after timeout_ms', async () => {
    server.behaviour = { delayMs: 1_500, content: () => ({}) };
    const err = await chatJson(settings({ timeoutMs: 300 }), request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err).toMatchObject({ kind: 'timeout', message: `the language model at ${server.url} did not answer within 0.3 s` });
  });

  it('says what is wrong with malformed, cut, refused, failing and unreachable answers', async () => {
    const failure = (s: LlmSettings) => chatJson(s, request).then(() => null, (e: LlmError) => [e.kind, e.message]);
    server.behaviour = { content: () => 'Sure! Here are the clips you asked for.' };
    expect(await failure(settings())).toEqual(['malformed', 'the language model\'s answer is not JSON (it began "Sure! Here are the clips you asked for.")']);
    server.behaviour = { content: () => ({ ranking: [] }), cutStream: true };
    expect(await failure(settings({ stream: true }))).toEqual(['malformed', `the language model at ${server.url} ended its stream before the answer was complete`]);
    server.behaviour = { refusal: 'I cannot help with that.' };
    expect(await failure(settings())).toEqual(['refused', 'the language model refused: I cannot help with that.']);
    expect(await failure(settings({ stream: true }))).toEqual(['refused', 'the language model refused: I cannot help with that.']);
    server.behaviour = { status: 500, errorMessage: 'model "test-model" not found, try pulling it first' };
    expect(await failure(settings())).toEqual(['http', `the language model at ${server.url} answered 500: model "test-model" not found, try pulling it first`]);
    const closed = await closedPort();
    expect(await failure(settings({ baseUrl: `http://127.0.0.1:${closed}/v1` }))).toEqual(['unreachable', `the language model at http://127.0.0.1:${closed}/v1 could not be reached (connection refused)`]);
  });

  it('asks again for plain JSON when the server does not take a JSON schema', async () => {
    server.behaviour = {
      reject: (req) => (req.response_format?.type === 'json_schema' ? "response_format 'json_schema' is not supported" : undefined),
      content: () => ({ ranking: [] }),
    };
    expect(await chatJson(settings(), request)).toEqual({ ranking: [] });
    expect(server.requests.map((r) => r.response_format!.type)).toEqual(['json_schema', 'json_object']);
  });
});

const clip = (start: number, score: number): SuggestedClip => ({
  start, end: start + 30, title: `Heuristic title at ${start}`, score,
  score_breakdown: { relevance: score, hook: 0.5, energy: 0.5, completeness: 0.9 }, reason: 'heuristics', transcript: `words spoken from ${start} s on`,
});
const pool = [clip(0, 0.9), clip(40, 0.8), clip(80, 0.7), clip(120, 0.6)];

describe('the language model choosing clips', () => {
  it('orders the clips as the server ranks them, with its reasons, titles, captions and hashtags', async () => {
    server.behaviour = { content: reversing, chunkBytes: 64 };
    const { clips, ranking } = await chooseWithLlm(openai({ stream: true }), 'nervous speakers', pool, 3);
    expect(ranking).toEqual({ by: 'llm', model: 'test-model' });
    // The heuristics put the clip at 0 s first; the server ranked the candidates in reverse.
    expect(clips.map((c) => c.start)).toEqual([120, 80, 40]);
    for (let i = 1; i < clips.length; i++) expect(clips[i].score).toBeLessThan(clips[i - 1].score);
    expect(clips[0]).toMatchObject({ reason: "Language model: the model's reason for c4", title: 'What the model calls c4', score_breakdown: { relevance: 0.9 }, scores: { hook: 0.5, payoff: 0.5, self_contained: 0.5, relevance: 0.9 } });
    expect(clips[0].copy).toEqual({ title: 'What the model calls c4', hashtags: ['#StageFright', '#PublicSpeaking'], captions: { short_video: 'Short c4', long_video: 'Short c4', photo_sharing: 'Short c4', professional_network: 'Short c4' } });
    // Two calls a section; the finalists are ranked once for the whole job (rankFinalists).
    expect(server.requests.map((r) => r.response_format!.json_schema!.name)).toEqual(['clip_judgement', 'clip_copy']);
  });

  it('ranks the job\'s finalists against each other in one call, and shares their scores out in its order', async () => {
    server.behaviour = { content: (req) => ({ order: ids(req).reverse() }) };
    const clips = pool.map((c, i) => ({ id: `clip_${i}`, start: c.start, end: c.end, transcript: c.transcript, reason: i ? 'Language model: a reason' : undefined }));
    const { order, ranking } = await rankFinalists(openai(), 'nervous speakers', clips);
    expect(order).toEqual(['clip_3', 'clip_2', 'clip_1', 'clip_0']);
    expect(ranking).toEqual({ by: 'llm', model: 'test-model' });
    expect(server.requests.map((r) => r.response_format!.json_schema!.name)).toEqual(['clip_ranking']);
    expect(server.requests[0].messages[1].content).toContain('[c2] a reason | words spoken from 40');
    const scores = scoresInOrder(pool.map((c, i) => ({ id: `clip_${i}`, score: c.score })), order);
    expect(scores).toEqual([{ id: 'clip_3', score: 0.9 }, { id: 'clip_2', score: 0.8 }, { id: 'clip_1', score: 0.7 }, { id: 'clip_0', score: 0.6 }]);
    expect(scoresInOrder([{ id: 'a', score: 0.5 }, { id: 'b', score: 0.5 }], ['b', 'a'])).toEqual([{ id: 'b', score: 0.5 }, { id: 'a', score: 0.499 }]);

    server.behaviour = { content: () => 'no json today' };
    const failed = await rankFinalists(openai(), 'x', clips);
    expect(failed.order).toEqual(clips.map((c) => c.id));
    expect(failed.ranking).toMatchObject({ by: 'llm', note: expect.stringMatching(/; the clips kept the order of their judged scores$/) });
  });

  it('falls back to the heuristics on a judgement that does not match its schema, and says so', async () => {
    server.behaviour = { content: () => ({ clips: { c1: { reason: 'very', hook: 70, payoff: 5, self_contained: 5, relevance: 5, end: 0 } } }) };
    const { clips, ranking } = await chooseWithLlm(openai(), 'x', pool, 2);
    expect(clips).toEqual(pool.slice(0, 2));
    expect(ranking).toEqual({ by: 'heuristics', note: "the language model's judgement does not match its schema (clips.c1.hook); clips were chosen by the heuristics" });
  });

  it('keeps the ranking and writes its own copy when only the copy fails', async () => {
    server.behaviour = { content: (req) => (req.response_format?.json_schema?.name === 'clip_copy' ? 'no json today' : reversing(req)) };
    const { clips, ranking } = await chooseWithLlm(openai(), 'x', pool, 2);
    expect(clips.map((c) => c.start)).toEqual([120, 80]);
    expect(clips[0].title).toBe('Heuristic title at 120');
    expect(clips[0].copy).toBeUndefined();
    expect(ranking).toMatchObject({ by: 'llm', note: expect.stringMatching(/not JSON .*; titles and captions were written by the heuristics$/) });
  });

  it('falls back when the server is too slow or not there', async () => {
    server.behaviour = { delayMs: 1_000, content: reversing };
    expect((await chooseWithLlm(openai({ timeoutMs: 200 }), 'x', pool, 2)).ranking).toEqual({ by: 'heuristics', note: `the language model at ${server.url} did not answer within 0.2 s; clips were chosen by the heuristics` });
    expect((await chooseWithLlm(openai({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1` }), 'x', pool, 2)).clips).toEqual(pool.slice(0, 2));
  });
});
