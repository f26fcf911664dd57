import type { IncomingMessage } from 'node:http';
import { badRequest } from '../../src/api/errors.js';

/**
 * Reads a JSON request body, up to `limit` bytes. An empty body is `{}` (several endpoints take
 * none); a body that is not JSON, or is sent with another content type, is a 400.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) {
    req.resume();
    throw badRequest(`Request body is larger than ${limit} bytes`, { limit_bytes: limit });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw badRequest(`Request body is larger than ${limit} bytes`, { limit_bytes: limit });
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw badRequest(`Content-Type must be application/json, got ${type || 'none'}`, { content_type: type || null });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(`Request body is not valid JSON: ${(e as Error).message}`);
  }
}
