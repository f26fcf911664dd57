// A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions, JSON
// or server-sent events), as Ollama, llama.cpp's server, LM Studio and vLLM do. Each test sets
// how it answers: the content the "model" writes (from the request), a delay, a refusal, an
// HTTP error, or a broken stream.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  stream?: boolean;
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  messages: { role: string; content: string }[];
}

export interface Behaviour {
  /** What the model writes, given the request (a string is sent as is; anything else as JSON). */
  content?: (req: ChatRequest) => unknown;
  delayMs?: number;
  refusal?: string;
  status?: number;
  errorMessage?: string;
  /** Stream: bytes per network write (splits events and JSON mid-way). */
  chunkBytes?: number;
  /** Stream: stop before [DONE] and the finish reason. */
  cutStream?: boolean;
  /** Answers 400 with this message when it returns one (a server that does not take some field). */
  reject?: (req: ChatRequest) => string | undefined;
}

export class LlmServer {
  readonly requests: ChatRequest[] = [];
  behaviour: Behaviour = {};
  private server: Server;
  url = '';

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === 'GET' && req.url === '/v1/models') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'test-model', object: 'model' }] }));
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
    this.requests.push(body);
    const b = this.behaviour;
    if (b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
    if (res.destroyed) return;
    const rejected = b.reject?.(body);
    if (rejected) return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: rejected, type: 'invalid_request_error' } }));
    if (b.status) return void res.writeHead(b.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: b.errorMessage ?? 'server error', type: 'invalid_request_error' } }));
    const raw = b.content ? b.content(body) : '{}';
    const content = typeof raw === 'string' ? raw : JSON.stringify(raw);
    const id = `chatcmpl-${this.requests.length}`;
    if (!body.stream) {
      const message = b.refusal ? { role: 'assistant', content: null, refusal: b.refusal } : { role: 'assistant', content };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, object: 'chat.completion', created: 1, model: body.model, choices: [{ index: 0, message, finish_reason: 'stop' }] }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const events: string[] = [];
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => events.push(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    if (b.refusal) chunk({ refusal: b.refusal });
    else for (let i = 0; i < content.length; i += 7) chunk({ content: content.slice(i, i + 7) });
    if (!b.cutStream) {
      chunk({}, 'stop');
      events.push('data: [DONE]\n\n');
    }
    const bytes = Buffer.from(events.join(''), 'utf8');
    const step = b.chunkBytes ?? bytes.length;
    for (let i = 0; i < bytes.length; i += step) {
      res.write(bytes.subarray(i, i + step));
      await new Promise((r) => setImmediate(r));
    }
    res.end();
  }
}
