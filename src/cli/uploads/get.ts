import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { formatBytes } from '../progress.js';

/** `clipper uploads get ID`: status, sizes and the parts the server has received. */
export async function run(opts: { id: string }, ctx: CliContext): Promise<void> {
  const u = await (await ctx.client()).uploads.get(opts.id);
  ctx.out.data(u, () => {
    ctx.out.line(`${u.upload_id}  ${u.status}`);
    ctx.out.line(`file:     ${u.file_name ?? '-'} (${u.content_type})`);
    ctx.out.line(`size:     ${u.size_bytes === null ? '-' : formatBytes(u.size_bytes)}${u.part_size ? `, parts of ${formatBytes(u.part_size)}` : ''}`);
    if (u.part_size) ctx.out.line(`received: ${u.parts_received.length} of ${Math.ceil((u.size_bytes ?? 0) / u.part_size)} parts`);
    ctx.out.line(`urls expire: ${formatTime(u.expires_at)}`);
  });
}
