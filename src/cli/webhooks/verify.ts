import type { CliContext } from '../context.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { verifySignature, WebhookVerificationError } from '../../webhooks/verify.js';

export interface VerifyOptions {
  secret?: string[];
  header?: string;
  tolerance?: string;
}

const HINTS: Record<string, string> = {
  MISSING_HEADER: 'Pass the value of the service-signature-256 header with --header.',
  MALFORMED_HEADER: 'Pass the whole header value, e.g. --header "t=1700000000,v1=5f2b...".',
  TIMESTAMP_OUT_OF_TOLERANCE: 'Check the clocks, or widen the window with --tolerance SECONDS.',
  BAD_SIGNATURE: 'The body must be the exact bytes received (not re-serialised JSON), signed with this secret.',
};

/**
 * `webhooks verify --secret S --header H < body`: exit 0 when the signature is valid, else 1
 * with what is wrong. The secret may also come from CLIPPER_WEBHOOK_SECRET (kept out of `ps`);
 * --secret may be repeated while a secret is being rotated.
 */
export async function runVerify(opts: VerifyOptions, ctx: CliContext): Promise<void> {
  const secrets = opts.secret?.length ? opts.secret : ctx.env.CLIPPER_WEBHOOK_SECRET ? [ctx.env.CLIPPER_WEBHOOK_SECRET] : [];
  if (!secrets.length) throw usageError('--secret is required (or set CLIPPER_WEBHOOK_SECRET)');
  const tolerance = opts.tolerance === undefined ? 300 : Number(opts.tolerance);
  if (!Number.isFinite(tolerance) || tolerance < 0) throw usageError('--tolerance must be a number of seconds');
  if (ctx.io.stdin.isTTY) throw usageError('Pipe the raw request body on stdin: clipper webhooks verify --secret S --header H < body.json');
  const body = await readAll(ctx.io.stdin);
  try {
    const { timestamp } = verifySignature(secrets, opts.header, body, { toleranceSeconds: tolerance });
    const result = { valid: true, timestamp, age_seconds: Math.floor(Date.now() / 1000) - timestamp, body_bytes: body.length };
    ctx.out.data(result, () => ctx.out.info(`Signature valid: signed ${result.age_seconds} s ago over ${body.length} bytes`));
  } catch (e) {
    if (!(e instanceof WebhookVerificationError)) throw e;
    throw new CliError(EXIT.ERROR, `Signature invalid: ${e.message}`, HINTS[e.code], e.code);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
