// The language model judges whole moments: it sees a candidate's setup and payoff, its `payoff`
// is about the moment's end, and as it may move an end to a later sentence end it may move a
// start back to the moment's setup (the question before an answer), never past the longest a
// clip may be.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chooseWithLlm } from '../../daemon/pipeline/llm/choose.js';
import { OpenAiEngine } from '../../daemon/pipeline/llm/engine.js';
import { earlierStarts, edgeChoices } from '../../daemon/pipeline/llm/later-ends.js';
import { judgePrompt, SYSTEM, unitExcerpt } from '../../daemon/pipeline/llm/prompts.js';
import type { SuggestedClip, Transcript } from '../../daemon/pipeline/types.js';
import { LlmServer, type ChatRequest } from '../helpers/llm-server.js';

/** Sentences 0.3 s a word, 0.3 s apart; a 1 s pause and a new speaker between turns. */
function transcriptOf(turns: { speaker: string; sentences: string[] }[]): Transcript {
  let t = 1;
  const segments: Transcript['segments'] = [];
  for (const turn of turns) {
    for (const s of turn.sentences) {
      const words = s.split(' ').map((w) => {
        const word = { text: w, start: t, end: t + 0.25, speaker: turn.speaker };
        t += 0.3;
        return word;
      });
      segments.push({ start: words[0].start, end: words[words.length - 1].end, text: s, words });
      t += 0.3;
    }
    t += 0.7;
  }
  return { language: 'en', engine: 'pocketsphinx', segments };
}

const transcript = transcriptOf([
  { speaker: 'S1', sentences: ['So how do you actually get your first customer?'] },
  { speaker: 'S2', sentences: ['You do not find them online.', 'You find them in your own phone.', 'My first customer was my old boss.', 'Your first customer already trusts you.'] },
]);
const words = transcript.segments.flatMap((s) => s.words);
const at = (text: string) => words.find((w) => w.text === text)!;

let server: LlmServer;
beforeAll(async () => {
  server = await new LlmServer().start();
});
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
});

describe('the judge and whole moments', () => {
  it('offers the sentence before a clip, then the question its answer belongs to, as earlier starts', () => {
    const clipStart = at('My').start;
    const starts = earlierStarts(transcript, clipStart, 60);
    expect(starts.map((s) => s.start)).toEqual([Math.floor(words[15].start * 100) / 100, Math.floor(words[0].start * 100) / 100]);
    expect(starts[0].words).toBe('You find them in your own phone.');
    expect(starts[1].words.startsWith('So how do you actually get your first customer? You do not')).toBe(true);
    // Never past the longest a clip may be.
    const end = words[words.length - 1].end;
    expect(edgeChoices(transcript, { start: clipStart, end }, end - words[0].start - 0.5).starts.map((s) => s.words)).toEqual(['You find them in your own phone.']);
  });

  it('moves a start back to the setup the judge chose, and shows it each candidate\'s setup and payoff whole', async () => {
    const clip: SuggestedClip = {
      start: at('My').start, end: words[words.length - 1].end, title: 'My first customer was my old boss', score: 0.5,
      score_breakdown: { relevance: 0.5, hook: 0.5, energy: 0.5, completeness: 0.9 }, reason: 'heuristics',
      transcript: 'My first customer was my old boss. Your first customer already trusts you.',
    };
    server.behaviour = {
      content: (req: ChatRequest) => (req.response_format?.json_schema?.name === 'clip_copy'
        ? { clips: { c1: { title: 'Your first customer is in your phone', caption: 'Where a first customer comes from', hashtags: ['Customers'] } } }
        : { clips: { c1: { reason: 'the answer needs its question', hook: 7, payoff: 8, self_contained: 9, start: 2, end: 0 } } }),
    };
    const engine = new OpenAiEngine({ baseUrl: server.url, model: 'test-model', timeoutMs: 5_000, stream: false });
    const { clips } = await chooseWithLlm(engine, undefined, [clip], 1, (c) => edgeChoices(transcript, c, 90));
    expect(clips[0].start).toBe(Math.floor(words[0].start * 100) / 100);
    expect(clips[0].end).toBe(clip.end);
    expect(clips[0].transcript.startsWith('So how do you actually get your first customer? You do not find them online. You find them in your own phone. My first customer')).toBe(true);
    const judged = server.requests[0].messages[1].content;
    expect(judged).toContain('start 1: You find them in your own phone.');
    expect(judged).toContain('start 2: So how do you actually get ...');
    expect(server.requests[0].response_format!.json_schema!.schema).toMatchObject({ properties: { clips: { properties: { c1: { required: expect.arrayContaining(['start', 'end', 'payoff']) } } } } });
    expect(SYSTEM).toMatch(/payoff: does its end pay off its setup/);
  });

  it('shows a long candidate\'s opening sentence and its last sentence whole', () => {
    const setup = 'When I was nine I tried to sell lemonade in the middle of winter.';
    const middle = Array.from({ length: 12 }, (_, i) => `Then something happened on day ${i} of it.`).join(' ');
    const payoff = 'I made more money selling hot chocolate than anyone on the street.';
    const shown = unitExcerpt(`${setup} ${middle} ${payoff}`);
    expect(shown.startsWith(setup)).toBe(true);
    expect(shown.endsWith(payoff)).toBe(true);
    expect(judgePrompt(undefined, [{ id: 'c1', start: 0, end: 60, transcript: `${setup} ${middle} ${payoff}` }]).user).toContain(`${setup} ... ${payoff}`);
  });
});
