import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { ClientError } from '../client/errors.js';
import type { CliContext } from './context.js';
import { usageError } from './exit-codes.js';
import { readStdin } from './stdin.js';

export interface ApiOptions {
  method: string;
  path: string;
  body?: unknown;
  /** Print the status line and response headers on stderr. */
  include?: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** `--data JSON`, `--data @file` or `--data @-` (stdin) to the parsed JSON body. */
export async function parseApiOptions(
  method: string,
  path: string,
  raw: { data?: string; include?: boolean },
  stdin: NodeJS.ReadableStream,
): Promise<ApiOptions> {
  const m = method.toUpperCase();
  if (!METHODS.includes(m)) throw usageError(`METHOD must be one of ${METHODS.join(', ')}, got "${method}"`);
  if (/^[a-z]+:\/\//i.test(path)) throw usageError('PATH is a path such as /v1/ping; the base URL comes from --base-url or the profile');
  const p = path.startsWith('/') ? path : `/${path}`;
  if (raw.data === undefined) return { method: m, path: p, include: raw.include };
  let text = raw.data;
  if (text.startsWith('@')) {
    const file = text.slice(1);
    try {
      text = file === '-' ? await readStdin(stdin) : await readFile(file, 'utf8');
    } catch (e) {
      throw usageError(`cannot read --data file ${file}: ${(e as Error).message}`);
    }
  }
  try {
    return { method: m, path: p, body: JSON.parse(text), include: raw.include };
  } catch (e) {
    throw usageError(`--data is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * `clipper api METHOD PATH`: one authenticated call, as `gh api` does. The answer's body goes
 * to stdout as received, also for an error answer (then the exit code is the mapped one).
 */
export async function run(opts: ApiOptions, ctx: CliContext): Promise<void> {
  const client = await ctx.client();
  // A repeated POST or PATCH could act twice (spec "Errors", rule 3), so those are not retried.
  const idempotent = !['POST', 'PATCH'].includes(opts.method);
  try {
    const res = await client.http.send<unknown>(opts.method, opts.path, { body: opts.body, idempotent });
    if (opts.include) printHead(ctx, res.status, res.headers);
    print(ctx, res.body);
  } catch (e) {
    if (e instanceof ClientError && e.status > 0) print(ctx, e.body);
    throw e;
  }
}

function print(ctx: CliContext, body: unknown): void {
  if (body === undefined) return;
  if (typeof body === 'string') ctx.io.stdout.write(body.endsWith('\n') ? body : body + '\n');
  else ctx.out.data(body);
}

function printHead(ctx: CliContext, status: number, headers: Record<string, string | string[] | undefined>): void {
  ctx.out.info(`HTTP ${status}`);
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) ctx.out.info(`${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command('api')
    .description('make an authenticated API call and print the JSON answer')
    .argument('<method>', 'GET, POST, PUT, PATCH, DELETE or HEAD')
    .argument('<path>', 'path under the base URL, e.g. /v1/ping')
    .option('-d, --data <json>', 'request body: JSON text, @file, or @- for stdin')
    .option('-i, --include', 'print the status line and headers on stderr')
    .action(async (method: string, path: string, raw: { data?: string; include?: boolean }) => run(await parseApiOptions(method, path, raw, ctx.io.stdin), ctx));
}
