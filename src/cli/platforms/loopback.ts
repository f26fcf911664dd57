import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError, EXIT, usageError } from '../exit-codes.js';

/** The CLI's side of an OAuth redirect: where the platform sends the browser with the code. */
export interface Loopback {
  redirectUri: string;
  /** The `code` of the first redirect carrying `state`; rejects when the platform reports an error. */
  code(state: string, signal: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

const page = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body>`;

/**
 * A listener on the loopback interface for the authorization redirect (RFC 8252 section 7.3:
 * `http://127.0.0.1:{port}/{path}`, any free port unless the app's registration needs a fixed
 * one). `redirectUri` may name the whole URI (`--redirect-uri`, for platforms that want the
 * exact registered URL); its host must be a loopback address, since this machine receives it.
 */
export async function startLoopback(opts: { redirectUri?: string; port?: number } = {}): Promise<Loopback> {
  const wanted = new URL(opts.redirectUri ?? `http://127.0.0.1:${opts.port ?? 0}/callback/`);
  if (wanted.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(wanted.hostname)) {
    throw usageError(`--redirect-uri must be an http:// URL on 127.0.0.1, localhost or [::1] (this machine receives the redirect), got ${opts.redirectUri}`);
  }
  const waiting = new Map<string, { resolve: (code: string) => void; reject: (e: Error) => void }>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', wanted);
    const pending = waiting.get(url.searchParams.get('state') ?? '');
    if (url.pathname !== wanted.pathname || !pending) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page('Not this request', 'This address only receives the answer of the authorization clipper started.'));
      return;
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error || !code) {
      const why = url.searchParams.get('error_description') ?? error ?? 'no code in the answer';
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page('Not connected', `The platform said: ${why}. Go back to the terminal.`));
      pending.reject(new CliError(EXIT.ERROR, `The platform did not authorize clipper: ${why}`, 'Run the command again and allow access on the consent page.', 'OAUTH_DENIED'));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page('Connected', 'clipper received the authorization. You can close this tab and go back to the terminal.'));
    pending.resolve(code);
  });
  const host = wanted.hostname.replace(/^\[|\]$/g, '');
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'EADDRINUSE' ? usageError(`port ${wanted.port} is in use; choose another with --port`) : e));
    server.listen(Number(wanted.port || 0), host === 'localhost' ? '127.0.0.1' : host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const redirect = new URL(wanted);
  redirect.port = String(port);
  return {
    redirectUri: redirect.href,
    code: (state, signal) =>
      new Promise<string>((resolve, reject) => {
        const done = () => waiting.delete(state);
        waiting.set(state, { resolve: (c) => (done(), resolve(c)), reject: (e) => (done(), reject(e)) });
        signal.addEventListener('abort', () => (done(), reject(signal.reason)), { once: true });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
