import type { ClientRequest, IncomingHttpHeaders } from 'node:http';

/**
 * One small HTTP exchange (JSON calls, health checks) over Node's own http/https modules.
 *
 * Why not undici here: measured on the 2-core machine, loading undici costs about 0.1 s and
 * compiling its WebAssembly HTTP parser about 0.2 s more, which Node waits for before the process
 * may exit; every API command paid that, `clipper ping` took 0.4 s of which the call was 2 ms.
 * Node's built-in parser is native and already there. Downloads keep undici, where that cost is
 * noise next to the transfer; so does a caller that passes its own undici dispatcher
 * (HttpOptions.dispatcher).
 */
export interface Exchange {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Give up when the connection is silent this long (undici's default header and body timeouts). */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

const IDLE_TIMEOUT_MS = 300_000;

/** One small request: `body` (if any) sent whole, the whole answer read. */
export async function exchange(url: URL, x: Exchange): Promise<Answer> {
  const headers = x.body === undefined ? x.headers : { ...x.headers, 'content-length': String(Buffer.byteLength(x.body)) };
  const { request, answer } = await openExchange(url, { ...x, headers });
  request.end(x.body);
  return answer;
}

/**
 * Starts a request whose body the caller writes (object PUTs stream file slices into it); the
 * answer resolves once it has been read whole, and rejects on any transport failure. Node's
 * global agents keep connections alive, so consecutive requests reuse them.
 */
export async function openExchange(url: URL, x: Omit<Exchange, 'body'>): Promise<{ request: ClientRequest; answer: Promise<Answer> }> {
  // Loaded here, not at the top: a browser bundle of the SDK (which sends with fetch) never needs
  // them; https (and with it tls) only for https URLs: the local daemon speaks plain http.
  const send = url.protocol === 'https:' ? (await import('node:https')).request : (await import('node:http')).request;
  const idleMs = x.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  let request!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = send(url, { method: x.method, headers: x.headers, signal: x.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the connection closed before the whole answer arrived')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.setTimeout(idleMs, () => request.destroy(new Error(`no answer within ${Math.round(idleMs / 1000)} s`)));
  });
  answer.catch(() => undefined); // the caller awaits it; a failure while it still writes is not unhandled
  return { request, answer };
}

/** The same exchange over a WHATWG `fetch` (browsers; HttpOptions.fetch). */
export async function fetchExchange(f: typeof fetch, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const { 'user-agent': _agent, ...sendable } = headers; // browsers refuse to set it
  const res = await f(url, { method, headers: sendable, body });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}
