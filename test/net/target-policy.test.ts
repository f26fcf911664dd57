import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPrivateHost, publicOnlyAgent, publicOnlyLookup } from '../../daemon/net/target-policy.js';

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
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => (publicOnlyLookup as unknown as (h: string, o: object, cb: (e: NodeJS.ErrnoException | null) => void) => void)('localhost', {}, resolve));
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
});
