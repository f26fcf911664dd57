import type { CliContext } from '../context.js';
import { usageError } from '../exit-codes.js';

export interface CompleteOptions {
  id: string;
  /** `N=ETAG` pairs; without them, the parts the server reports as received are used. */
  part?: string[];
}

function parsePart(text: string): { part_number: number; etag: string } {
  const m = text.match(/^(\d+)=(.+)$/);
  if (!m) throw usageError(`--part takes N=ETAG, got ${text}`);
  return { part_number: Number(m[1]), etag: m[2] };
}

/**
 * `clipper uploads complete ID`: finishes a multipart upload whose parts were PUT some other way
 * (`uploads create` completes by itself).
 */
export async function run(opts: CompleteOptions, ctx: CliContext): Promise<void> {
  const client = await ctx.client();
  const parts = opts.part?.length
    ? opts.part.map(parsePart)
    : (await client.uploads.get(opts.id)).parts_received.map(({ part_number, etag }) => ({ part_number, etag }));
  const res = await client.uploads.complete(opts.id, parts);
  ctx.out.data(res, () => ctx.out.info(`upload ${res.upload_id} ${res.status}`));
}
