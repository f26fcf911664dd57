import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP relay in front of an S3 server, so a test can freeze the server at one chosen call:
 * `freezeAt(pattern, pause)` runs `pause` (SIGSTOP of the server) just before the first request
 * whose bytes match `pattern` is passed on. The request then waits in the frozen server's socket,
 * as a call sent to a hung server does; `answered` resolves once the server, running again,
 * has answered it (or closed its connection), so the test knows what the bucket did with it.
 */
export interface S3Relay {
  endpoint: string;
  freezeAt(pattern: RegExp, pause: () => void): { answered: Promise<void> };
  close(): Promise<void>;
}

export async function startS3Relay(target: string): Promise<S3Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let armed: { pattern: RegExp; pause: () => void; answered: () => void } | undefined;
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    let watching: (() => void) | undefined;
    client.on('data', (chunk: Buffer) => {
      if (armed && armed.pattern.test(chunk.toString('latin1'))) {
        ({ answered: watching } = armed);
        armed.pause();
        armed = undefined;
      }
      upstream.write(chunk);
    });
    // A client that gives up closes its side only: the server still reads the request and answers.
    client.on('end', () => upstream.end());
    client.on('close', () => upstream.end());
    upstream.on('data', (chunk: Buffer) => {
      watching?.();
      if (!client.destroyed) client.write(chunk);
    });
    upstream.on('end', () => client.end());
    // Ended, not destroyed: what the client has not read yet still reaches it.
    upstream.on('close', (failed: boolean) => {
      watching?.();
      if (failed) client.destroy();
      else client.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    freezeAt(pattern, pause) {
      let answered!: () => void;
      const done = new Promise<void>((resolve) => (answered = resolve));
      armed = { pattern, pause, answered };
      return { answered: done };
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
