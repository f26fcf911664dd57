// `npm run bench llm` (issue 28, item 7): what the language stage of a 10-minute talk's job costs.
// The job is built from the evaluation set's long passages (7 topics of about 80 s, as festival
// speaks them: a 10-minute talk), cut into the daemon's 180 s sections with the best clip of each
// topic (about 45 s) as that section's candidates and 5 clips in all, as the job asks for them.
// 1. The calls a job makes (per section: judge its candidates, write its clips' copy; then one
//    job-wide ranking of every clip) run through the real node-llama-cpp on the random-weight
//    GGUF of fixtures/make-tiny-gguf.mjs: time per call is the engine's overhead (process,
//    grammar, sampling), not a real model's speed.
// 2. Prompt tokens for a real model: characters / 4 (English text in Qwen's and SmolLM's BPE
//    vocabularies is about 4 characters a token; not measured here: no real tokenizer). Generated
//    tokens: the size of a well-formed answer to each call, each part at about 80% of its limit in
//    prompts.ts (a 33-character reason of at most 40, an 8-word title, a 64-character caption of
//    at most 80, two hashtags), at 3.5 characters a token (JSON tokenizes worse).
// 3. Expected time with each catalogue model on a 2-core CPU: prompt tokens / prompt rate +
//    generated tokens / generation rate, from the rates in daemon/pipeline/llm/catalogue.ts,
//    which are estimates (marked so): no weights could be downloaded here to measure them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { LLM_CATALOGUE } from '../daemon/pipeline/llm/catalogue.js';
import { chooseWithLlm } from '../daemon/pipeline/llm/choose.js';
import { rankFinalists } from '../daemon/pipeline/llm/rank.js';
import type { JsonRequest } from '../daemon/pipeline/llm/chat.js';
import { SYSTEM } from '../daemon/pipeline/llm/prompts.js';
import { EmbeddedEngine } from '../daemon/pipeline/llm/embedded.js';
import { nodeLlamaCppPackage } from '../daemon/pipeline/llm/embedded-process.js';
import type { LlmEngine } from '../daemon/pipeline/llm/engine.js';
import type { SuggestedClip } from '../daemon/pipeline/types.js';

const VIDEO_SECONDS = 600;
/** Issue 28, item 7: with the 1.5 B model the language stage adds at most this share of the video's length. */
const BUDGET = 0.1;
const SECTIONS: { topics: number[]; clips: number }[] = [
  { topics: [0, 1], clips: 2 },
  { topics: [2, 3], clips: 1 },
  { topics: [4, 5], clips: 1 },
  { topics: [6], clips: 1 },
];
const REQUEST = 'how to deal with nerves before speaking';

const realPromptOf = (c: Call) => c.realPrompt;

interface Call {
  name: string;
  ms: number;
  tinyPrompt: number;
  tinyGenerated: number;
  realPrompt: number;
  realGenerated: number;
}

function passages(): string[] {
  const lines = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'eval', 'passages.txt'), 'utf8').split('\n');
  return lines.filter((l) => /^[td]-/.test(l)).map((l) => l.slice(l.indexOf('|') + 1)).slice(0, 7);
}

/** A well-formed answer's size in tokens (3.5 characters a token). */
function answerTokens(request: JsonRequest): number {
  const ids = [...request.user.matchAll(/\[(c\d+)\]/g)].map((m) => m[1]);
  const reason = 'Breathing routine for stage fear.';
  let answer: unknown;
  const copy = { title: 'A breathing trick that calms stage fright fast', caption: 'Four counts in, four held, six out: one speaker on stage nerves.', hashtags: ['StageFright', 'PublicSpeaking'] };
  // A section with nothing to choose is judged and given its copy in one answer.
  const withCopy = request.user.startsWith('Task "judge" and task "copy"');
  if (request.schemaName === 'clip_judgement') answer = { clips: Object.fromEntries(ids.map((id) => [id, { reason, hook: 7, payoff: 6, self_contained: 8, relevance: 9, end: 0, ...(withCopy ? copy : {}) }])) };
  else if (request.schemaName === 'clip_ranking') answer = { order: ids };
  else answer = { clips: Object.fromEntries(ids.map((id) => [id, copy])) };
  return Math.round(JSON.stringify(answer).length / 3.5);
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'clipper-bench-llm-'));
  const model = join(dir, 'tiny-llama.gguf');
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'fixtures', 'make-tiny-gguf.mjs'), '--out', model], { stdio: 'ignore' });
  const engine = new EmbeddedEngine({ modelPath: model, model: 'tiny-llama.gguf', packageUrl: nodeLlamaCppPackage(), timeoutMs: 300_000, contextSize: 8192, threads: 1 });
  const calls: Call[] = [];
  const measured: LlmEngine = {
    engine: 'embedded',
    model: engine.model,
    json: async (request, signal) => {
      const started = performance.now();
      const answer = await engine.json(request, signal);
      calls.push({
        name: request.schemaName, ms: performance.now() - started,
        tinyPrompt: engine.last!.promptTokens, tinyGenerated: engine.last!.generatedTokens,
        // The system prompt is the same for every call: evaluated once a process (counted below), reused after.
        realPrompt: Math.round(request.user.length / 4) + 10, realGenerated: answerTokens(request),
      });
      return answer;
    },
  };
  try {
    const load = performance.now();
    await engine.json({ system: 'x', user: 'y', schemaName: 'warm', schema: { type: 'object', properties: { ok: { enum: [1] } }, required: ['ok'], additionalProperties: false }, maxTokens: 20 });
    const loadMs = performance.now() - load;
    const texts = passages();
    const chosen: SuggestedClip[] = [];
    for (const [s, section] of SECTIONS.entries()) {
      const pool: SuggestedClip[] = section.topics.map((t, i) => {
        const words = texts[t].split(/\s+/);
        const start = s * 180 + i * 85;
        return { start, end: start + 45, title: 'Heuristic title', score: 0.8 - i * 0.1, score_breakdown: { relevance: 0.5, hook: 0.5, energy: 0.5, completeness: 0.9 }, reason: 'heuristics', transcript: words.slice(0, 110).join(' ') };
      });
      const later = (c: SuggestedClip) => {
        const rest = texts[section.topics[pool.indexOf(c)]].split(/\s+/).slice(110, 150).join(' ');
        const [a = '', b = ''] = rest.split(/(?<=[.!?])\s+/);
        return [{ end: c.end + 6, words: a }, { end: c.end + 12, words: `${a} ${b}` }];
      };
      chosen.push(...(await chooseWithLlm(measured, REQUEST, pool, section.clips, later)).clips);
    }
    // The job's finalists, best first by score, ranked against each other once.
    chosen.sort((a, b) => b.score - a.score);
    await rankFinalists(measured, REQUEST, chosen.map((c, i) => ({ id: `clip_${i}`, start: c.start, end: c.end, transcript: c.transcript, reason: c.reason })));
    const system = Math.round(SYSTEM.length / 4) + 10;
    const sum = (f: (c: Call) => number) => calls.reduce((n, c) => n + f(c), 0) + (f === realPromptOf ? system : 0);
    const out = (s: string) => process.stdout.write(`${s}\n`);
    out(`10-minute talk: ${SECTIONS.length} sections, ${SECTIONS.reduce((n, s) => n + s.topics.length, 0)} candidates, ${SECTIONS.reduce((n, s) => n + s.clips, 0)} clips, ${calls.length} calls (machine shared with other work: times are loaded)`);
    out(`tiny random-weight model (engine overhead): process start and model load ${(loadMs / 1000).toFixed(2)} s`);
    out('call             ms   tiny prompt/generated tokens   real-model prompt/generated tokens (estimated)');
    for (const c of calls) out(`${c.name.padEnd(16)} ${c.ms.toFixed(0).padStart(5)}   ${String(c.tinyPrompt).padStart(6)} / ${String(c.tinyGenerated).padEnd(18)}   ${String(c.realPrompt).padStart(6)} / ${c.realGenerated}`);
    out(`system prompt (once a process)                         ${String(system).padStart(6)} / 0`);
    out(`total            ${sum((c) => c.ms).toFixed(0).padStart(5)}   ${String(sum((c) => c.tinyPrompt)).padStart(6)} / ${String(sum((c) => c.tinyGenerated)).padEnd(18)}   ${String(sum(realPromptOf)).padStart(6)} / ${sum((c) => c.realGenerated)}`);
    out('expected with each catalogue model on a 2-core CPU (rates are estimates, not measured: no weights here):');
    for (const m of LLM_CATALOGUE) {
      const rate = m.llm!.cpu2;
      const seconds = sum(realPromptOf) / rate.prompt + sum((c) => c.realGenerated) / rate.generated;
      out(`  ${m.name.padEnd(24)} ${rate.prompt} prompt tok/s, ${rate.generated} generated tok/s -> ${seconds.toFixed(0)} s = ${(seconds / VIDEO_SECONDS).toFixed(3)}x the video (estimate) [${rate.source}]`);
    }
    const recommended = LLM_CATALOGUE.find((m) => m.recommended)!;
    const share = (sum(realPromptOf) / recommended.llm!.cpu2.prompt + sum((c) => c.realGenerated) / recommended.llm!.cpu2.generated) / VIDEO_SECONDS;
    out(`budget (issue 28, item 7): ${recommended.name} (${recommended.llm!.parameters}) adds an estimated ${share.toFixed(3)}x the video's length; at most ${BUDGET}x allowed: ${share <= BUDGET ? 'within budget' : 'OVER BUDGET'} (an estimate from token counts and rates not measured here)`);
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
