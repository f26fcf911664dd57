import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import type { lookup } from 'node:dns';
import { classify } from '../../daemon/resources/webhooks/delivery-policy.js';
import { WebhookSender } from '../../daemon/resources/webhooks/sender.js';
import { checkOutboundUrl, isPrivateHost, publicOnly, publicOnlyAgent } from '../../daemon/net/target-policy.js';

describe('outbound target policy (hosted deployments)', () => {
  it('knows loopback, private, link-local, CGNAT and IPv4-mapped addresses from public ones', () => {
    for (const h of ['127.0.0.1', 'localhost', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '[::1]', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '::ffff:a9fe:a9fe']) {
      expect(isPrivateHost(h), h).toBe(true);
    }
    for (const h of ['8.8.8.8', '172.32.0.1', '100.128.0.1', 'example.com', '2001:4860::8888', '::ffff:808:808']) expect(isPrivateHost(h), h).toBe(false);
  });

  it('refuses a URL whose host is written as an IPv4-mapped IPv6 address', () => {
    expect(() => checkOutboundUrl('https://[::ffff:127.0.0.1]/hook', { local: false, field: 'url' })).toThrow(/private/);
  });

  it('refuses a name that resolves to a private address, at connection time', async () => {
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => (publicOnly() as unknown as (h: string, o: object, cb: (e: NodeJS.ErrnoException | null) => void) => void)('localhost', {}, resolve));
    expect(refused?.code).toBe('EPRIVATEADDRESS');
    const server = createServer((_req, res) => res.end('reached')).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    const agent = publicOnlyAgent();
    try {
      const err = await request(`http://localhost:${port}/`, { dispatcher: agent }).then(() => undefined, (e: Error & { cause?: { code?: string } }) => e);
      expect(err?.cause?.code ?? (err as { code?: string })?.code).toBe('EPRIVATEADDRESS');
      // The same server is reachable without the guard: the refusal came from the lookup.
      const ok = await request(`http://localhost:${port}/`);
      expect(await ok.body.text()).toBe('reached');
    } finally {
      await agent.close();
      server.close();
    }
  });

  it('a hosted deployment gives up at once on a webhook whose name resolves into a private network', async () => {
    let reached = 0;
    const server = createServer((_req, res) => (reached++, res.end())).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    // A public-looking name whose DNS answer is loopback (rebinding, or a hostile record).
    const resolve = ((_h: string, _o: object, cb: (e: null, a: Array<{ address: string; family: number }>) => void) => cb(null, [{ address: '127.0.0.1', family: 4 }])) as unknown as typeof lookup;
    const sender = new WebhookSender({ timeoutMs: 5_000, local: false, allowPrivate: false, resolve });
    try {
      const outcome = await sender.send({ id: 'd1', webhook_id: 'w1', url: `https://hooks.example:${port}/in`, secret: 's', legacy_signature: false, body: '{}' }, 0, new AbortController().signal);
      expect(outcome).toMatchObject({ permanent: true, error: expect.stringContaining('EPRIVATEADDRESS') });
      expect(classify(outcome)).toBe('give_up'); // not retried: the answer would be the same
      expect(reached).toBe(0);
    } finally {
      await sender.close();
      server.close();
    }
  });
});
