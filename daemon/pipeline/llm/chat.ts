// An OpenAI-compatible chat-completions client (issue 20, item 5; DESIGN.md `llm`: Ollama,
// llama.cpp's server, LM Studio, vLLM or OpenAI). POST {base_url}/chat/completions with the
// messages, `temperature: 0` and `response_format: {type: "json_schema", json_schema: {name,
// schema, strict}}` (structured outputs); a server that refuses that format (a 400 naming
// response_format) is asked again with `{type: "json_object"}`. With `stream`, the answer comes as
// server-sent events (`data: {chunk}` lines whose choices[0].delta.content add up, then
// `data: [DONE]`); without, as one JSON object (choices[0].message.content). Every failure is an
// LlmError saying what happened in words a person can act on; nothing here throws anything else.
import { readEvents } from './sse.js';

export interface LlmSettings {
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set (the value of the variable named by llm.api_key_env). */
  apiKey?: string;
  timeoutMs: number;
  stream: boolean;
}

export type LlmFailure = 'timeout' | 'unreachable' | 'http' | 'refused' | 'malformed' | 'crashed' | 'missing';

export class LlmError extends Error {
  constructor(readonly kind: LlmFailure, message: string) {
    super(message);
  }
}

export interface JsonRequest {
  system: string;
  user: string;
  /** Name and JSON Schema of the answer. */
  schemaName: string;
  schema: Record<string, unknown>;
  /** Longest answer in tokens (the embedded engine stops there; the grammar's bounds keep answers shorter). */
  maxTokens?: number;
}

/** The model's answer as parsed JSON (checked against a schema by the caller). */
export async function chatJson(settings: LlmSettings, request: JsonRequest, signal?: AbortSignal): Promise<unknown> {
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    let text: string;
    try {
      text = await complete(settings, request, { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.schema, strict: true } }, both);
    } catch (e) {
      if (!(e instanceof LlmError && e.kind === 'http' && /response_format|json_schema/i.test(e.message))) throw e;
      text = await complete(settings, request, { type: 'json_object' }, both);
    }
    return parseJson(text);
  } catch (e) {
    if (deadline.aborted && !(signal?.aborted)) throw new LlmError('timeout', `the language model at ${settings.baseUrl} did not answer within ${settings.timeoutMs / 1000} s`);
    if (e instanceof LlmError || signal?.aborted) throw e;
    throw new LlmError('unreachable', `the language model at ${settings.baseUrl} could not be reached (${reasonOf(e)})`);
  }
}

async function complete(settings: LlmSettings, request: JsonRequest, format: Record<string, unknown>, signal: AbortSignal): Promise<string> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const res = await fetch(url, {
    method: 'POST',
    signal,
    headers: {
      'content-type': 'application/json',
      accept: settings.stream ? 'text/event-stream' : 'application/json',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: settings.model,
      temperature: 0,
      stream: settings.stream,
      response_format: format,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
    }),
  });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    const said = errorMessage(body);
    throw new LlmError('http', `the language model at ${settings.baseUrl} answered ${res.status}${said ? `: ${said}` : ''}`);
  }
  const type = res.headers.get('content-type') ?? '';
  return type.includes('text/event-stream') ? streamed(res, settings) : whole(await res.text(), settings);
}

interface Choice {
  message?: { content?: string | null; refusal?: string | null };
  delta?: { content?: string | null; refusal?: string | null };
  finish_reason?: string | null;
}

function whole(body: string, settings: LlmSettings): string {
  let parsed: { choices?: Choice[] };
  try {
    parsed = JSON.parse(body) as { choices?: Choice[] };
  } catch {
    throw new LlmError('malformed', `the language model at ${settings.baseUrl} sent something that is not a chat completion`);
  }
  const choice = parsed.choices?.[0];
  refusedOrCut(choice?.message?.refusal, choice?.finish_reason, settings);
  const content = choice?.message?.content;
  if (typeof content !== 'string') throw new LlmError('malformed', `the language model at ${settings.baseUrl} sent a chat completion without content`);
  return content;
}

async function streamed(res: Response, settings: LlmSettings): Promise<string> {
  let content = '';
  let refusal = '';
  let finish: string | null | undefined;
  let done = false;
  for await (const data of readEvents(res)) {
    if (data === '[DONE]') {
      done = true;
      break;
    }
    let chunk: { choices?: Choice[] };
    try {
      chunk = JSON.parse(data) as { choices?: Choice[] };
    } catch {
      throw new LlmError('malformed', `the language model at ${settings.baseUrl} sent a stream event that is not JSON`);
    }
    const choice = chunk.choices?.[0];
    content += choice?.delta?.content ?? '';
    refusal += choice?.delta?.refusal ?? '';
    finish = choice?.finish_reason ?? finish;
  }
  refusedOrCut(refusal, finish, settings);
  if (!done && !finish) throw new LlmError('malformed', `the language model at ${settings.baseUrl} ended its stream before the answer was complete`);
  return content;
}

function refusedOrCut(refusal: string | null | undefined, finish: string | null | undefined, settings: LlmSettings): void {
  if (refusal) throw new LlmError('refused', `the language model refused: ${refusal.slice(0, 200)}`);
  if (finish === 'content_filter') throw new LlmError('refused', 'the language model refused (content filter)');
  if (finish === 'length') throw new LlmError('malformed', `the language model at ${settings.baseUrl} stopped before its answer was complete (length limit)`);
}

function parseJson(text: string): unknown {
  // Some models wrap JSON in a code fence even when asked for JSON only.
  const bare = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    return JSON.parse(bare);
  } catch {
    throw new LlmError('malformed', `the language model's answer is not JSON (it began "${bare.slice(0, 60)}")`);
  }
}

function errorMessage(body: string): string {
  try {
    const e = (JSON.parse(body) as { error?: { message?: string } | string }).error;
    return (typeof e === 'string' ? e : e?.message ?? '').slice(0, 200);
  } catch {
    return body.slice(0, 200).replace(/\s+/g, ' ').trim();
  }
}

function reasonOf(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND') return 'unknown host';
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET') return 'the connection was closed';
  // The fetch standard refuses some ports (1, 9, 6000, 10080...): an LLM server needs another one.
  if (cause?.message === 'bad port') return 'fetch does not connect to that port; run the server on another one';
  return cause?.code ?? cause?.message ?? (e as Error)?.message ?? String(e);
}
