import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { independentSignatureCheck } from './helpers.js';

// Spec "Events", "Delivery": POST to the registered URL. Here the URL is https, served with a
// certificate from a CA this test makes. The daemon runs in its own process and trusts that CA
// the way a user's deployment would (NODE_EXTRA_CA_CERTS); a receiver whose certificate comes
// from another CA is refused by TLS and the delivery records why.

const work = mkdtempSync(join(tmpdir(), 'clipper-wh-https-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });

/** A CA, and a certificate for 127.0.0.1 signed by it. */
function makeCa(name: string): { ca: string; key: string; cert: string } {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name} test CA`, '-keyout', `${name}-ca.key`, '-out', `${name}-ca.pem`);
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', `${name}.key`, '-out', `${name}.csr`);
  writeFileSync(join(work, `${name}.ext`), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n');
  openssl('x509', '-req', '-in', `${name}.csr`, '-CA', `${name}-ca.pem`, '-CAkey', `${name}-ca.key`, '-CAcreateserial', '-days', '2', '-extfile', `${name}.ext`, '-out', `${name}.pem`);
  const read = (f: string) => readFileSync(join(work, f), 'utf8');
  return { ca: join(work, `${name}-ca.pem`), key: read(`${name}.key`), cert: read(`${name}.pem`) };
}

interface Received {
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

async function httpsReceiver(tls: { key: string; cert: string }): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, got, server };
}

let trusted: Awaited<ReturnType<typeof httpsReceiver>>;
let untrusted: Awaited<ReturnType<typeof httpsReceiver>>;
let child: ReturnType<typeof spawn>;
let api: (method: string, path: string, body?: unknown) => Promise<any>;

beforeAll(async () => {
  const ours = makeCa('ours');
  const theirs = makeCa('rogue');
  trusted = await httpsReceiver(ours);
  untrusted = await httpsReceiver(theirs);
  const dataDir = join(work, 'data');
  child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'child-daemon.ts'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_EXTRA_CA_CERTS: ours.ca },
  });
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  const { url, teamId } = JSON.parse(first.value as string) as { url: string; teamId: string };
  const auth = `Bearer ${await mintIdToken(dataDir, teamId)}`;
  api = async (method, path, body) => {
    const res = await request(url + path, { method: method as 'GET', headers: { authorization: auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return res.body.json();
  };
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  trusted?.server.close();
  untrusted?.server.close();
  rmSync(work, { recursive: true, force: true });
});

const until = async (what: string, ok: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 300; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('webhook delivery over https', () => {
  it('delivers, signed, to a receiver whose certificate the daemon trusts, and refuses one it does not', async () => {
    const good = await api('POST', '/v1/webhooks', { url: `${trusted.url}/hook`, events: ['*'] });
    const bad = await api('POST', '/v1/webhooks', { url: `${untrusted.url}/hook`, events: ['*'] });
    expect(good.secret).toEqual(expect.any(String));
    const { event } = await api('POST', '/v1/webhooks/trigger', { type: 'project.render.succeeded' });

    await until('the trusted receiver', () => trusted.got.length === 1);
    const [delivery] = trusted.got;
    expect(JSON.parse(delivery.raw.toString('utf8')).id).toBe(event.id);
    expect(independentSignatureCheck(String(delivery.headers['service-signature-256']), good.secret, delivery.raw).valid).toBe(true);
    await until('the delivered state', async () => (await api('GET', `/v1/webhooks/${good.id}/deliveries`)).deliveries[0]?.status === 'delivered');

    // The other receiver's certificate chains to a CA the daemon does not trust: TLS fails
    // before any request is sent, and the delivery says so (it is retried like a network error).
    await until('the refused attempt', async () => (await api('GET', `/v1/webhooks/${bad.id}/deliveries`)).deliveries[0]?.attempts >= 1);
    const [refused] = (await api('GET', `/v1/webhooks/${bad.id}/deliveries`)).deliveries;
    expect(refused).toMatchObject({ status: 'pending', last_status_code: null, last_error: expect.stringMatching(/certificate/i) });
    expect(untrusted.got).toHaveLength(0);
  }, 90_000);
});
