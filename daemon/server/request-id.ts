import type { IncomingMessage } from 'node:http';
import { randomToken } from '../../src/api/ids.js';

const SANE = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's `X-Request-Id` when it is short and plain (a proxy's), else a new `req_...`. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE.test(given) ? given : `req_${randomToken(16)}`;
}
