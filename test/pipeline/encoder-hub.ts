// A model hub on loopback serving the tiny sentence encoder fixtures/make-embedding-model.mjs
// writes, under the hub's /<repo>/resolve/<revision>/<file> links, and a catalogue
// (CLIPPER_MODEL_CATALOGUE) whose recommended encoder it is, with its files' SHA-256s.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { makeEmbeddingModel } from './test-embed-model.js';

export interface EncoderHub {
  url: string;
  /** Method and path of every request, oldest first (cleared by the caller as it likes). */
  requests: string[];
  /** Bytes of the model's two files. */
  total: number;
  /** A catalogue file naming the encoder (`wrong`: its model's SHA-256 altered). */
  catalogue(wrong?: boolean): string;
  stop(): Promise<void>;
}

export async function startEncoderHub(dir: string): Promise<EncoderHub> {
  const made = makeEmbeddingModel(dir, 'tiny-encoder');
  const files: Record<string, Buffer> = { 'model.onnx': readFileSync(join(made, 'model.onnx')), 'vocab.txt': readFileSync(join(made, 'vocab.txt')) };
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url === '/') return res.writeHead(200).end();
    const body = files[/^\/test\/encoder\/resolve\/r1\/(.+)$/.exec(req.url!)?.[1] ?? ''];
    if (!body) return res.writeHead(404).end('Entry not found');
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    total: files['model.onnx'].length + files['vocab.txt'].length,
    catalogue(wrong = false) {
      const path = join(dir, `catalogue-${wrong ? 'wrong' : 'ok'}.json`);
      writeFileSync(path, JSON.stringify([{
        name: 'tiny-encoder', kind: 'embedding', recommended: true, languages: ['en'], speed: '-', licence: 'MIT',
        embedding: { pooling: 'mean' }, repo: 'test/encoder', revision: 'r1',
        files: Object.entries(files).map(([file, bytes]) => ({ role: file === 'vocab.txt' ? 'vocab' : 'model', file, size_bytes: bytes.length, sha256: wrong && file === 'model.onnx' ? sha(Buffer.from('other')) : sha(bytes), verified: true })),
      }]));
      return path;
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
