import { lookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { badRequest } from '../../src/api/errors.js';

/** True for loopback hosts: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1' || h === '0:0:0:0:0:0:0:1';
}

/** True for private, link-local and unspecified addresses (hosted deployments refuse them). */
export function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackHost(h)) return true;
  if (isIP(h) === 4) {
    const [a, b] = h.split('.').map(Number);
    // 100.64/10 is carrier-grade NAT: inside a provider's network, like the private ranges.
    return a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(h) === 6) {
    // An IPv4 address written as IPv6; URL parsing turns [::ffff:127.0.0.1] into [::ffff:7f00:1].
    const mapped = h.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return isPrivateHost(mapped[1]);
    const hex = h.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
    if (hex) {
      const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
      return isPrivateHost(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    }
    return h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80') || h === '::';
  }
  return false;
}

/**
 * A DNS lookup (through `resolve`, the system's by default) for outgoing connections that
 * refuses names resolving to loopback, private or link-local addresses. Checking the URL's host name alone lets `evil.example` (or a name that
 * changes its answer between the check and the connection) reach the deployment's own network;
 * this check runs on the very address the socket connects to.
 */
export function publicOnly(resolve: typeof lookup = lookup): LookupFunction {
  return ((hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => isPrivateHost(a.address));
      if (refused) {
        const e = Object.assign(new Error(`${hostname} resolves to ${refused.address}, a loopback, private or link-local address`), { code: PRIVATE_ADDRESS });
        return callback(e, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  }) as unknown as LookupFunction;
}

/** The error code of a connection refused by publicOnly(). */
export const PRIVATE_ADDRESS = 'EPRIVATEADDRESS';

/** True when `e` (or its cause, as undici wraps it) is a connection publicOnly() refused. */
export const isPrivateAddressError = (e: unknown) =>
  ((e as { cause?: { code?: string } })?.cause?.code ?? (e as { code?: string })?.code) === PRIVATE_ADDRESS;

/** An HTTP agent whose connections reach public addresses only (hosted deployments). */
export function publicOnlyAgent(options: Agent.Options = {}, resolve?: typeof lookup): Agent {
  return new Agent({ ...options, connect: { ...(options.connect as object), lookup: publicOnly(resolve) } });
}

/**
 * Where the daemon may send requests (webhooks): https anywhere public; the local daemon also
 * accepts http:// on loopback for development receivers (DESIGN.md). A hosted deployment
 * refuses loopback, private and link-local targets unless its operator allows them.
 */
export function checkOutboundUrl(raw: string, opts: { local: boolean; allowPrivate?: boolean; field: string }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`${opts.field} is not a valid URL`, { field: opts.field });
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !(opts.local && loopback)) {
    throw badRequest(`${opts.field} must be an https URL${opts.local ? ' (http is accepted only on loopback addresses)' : ''}`, { field: opts.field });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(`${opts.field} must be an https URL`, { field: opts.field });
  if (!opts.local && !opts.allowPrivate && isPrivateHost(url.hostname)) {
    throw badRequest(`${opts.field} points at a loopback, private or link-local address`, { field: opts.field });
  }
  return url;
}
