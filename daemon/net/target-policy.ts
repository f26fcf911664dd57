import { isIP } from 'node:net';
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
    return a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(h) === 6) return h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80') || h === '::';
  return false;
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
