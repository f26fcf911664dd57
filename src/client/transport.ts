import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

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
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

const IDLE_TIMEOUT_MS = 300_000;

export async function exchange(url: URL, x: Exchange): Promise<Answer> {
  // https (and with it tls) is loaded only for https URLs: the local daemon speaks plain http.
  const send = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const headers = x.body === undefined ? x.headers : { ...x.headers, 'content-length': String(Buffer.byteLength(x.body)) };
  return new Promise<Answer>((resolve, reject) => {
    const req = send(url, { method: x.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the connection closed before the whole answer arrived')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.setTimeout(x.idleTimeoutMs ?? IDLE_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${Math.round((x.idleTimeoutMs ?? IDLE_TIMEOUT_MS) / 1000)} s`)));
    req.end(x.body);
  });
}
