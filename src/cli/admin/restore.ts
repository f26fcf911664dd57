import { resolve } from 'node:path';
import type { CliContext } from '../context.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { defaultDataDir, loadOpsTools } from '../local-daemon.js';

export interface RestoreOptions {
  dataDir?: string;
  from: string;
}

/**
 * `clipper admin restore --from DIR` into an empty data dir (issue 31, item 3). A restore moves
 * the service: stop the original for good before starting the restored one (daemon/ops/restore.ts).
 */
export async function run(opts: RestoreOptions, ctx: CliContext): Promise<void> {
  if (!opts.from?.trim()) throw usageError('--from must name a backup folder');
  const { restoreDataDir, OpsError } = await loadOpsTools();
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(ctx.env));
  try {
    const r = await restoreDataDir(opts.from, dataDir, ctx.env);
    ctx.out.data({ data_dir: dataDir, backup: resolve(opts.from), released_leases: r.released, objects: r.objects, ...r.manifest }, () => {
      ctx.out.line(`Restored ${resolve(opts.from)} into ${dataDir}; ${r.released} tasks in flight at the backup will run again.`);
      ctx.out.line('Start the restored daemon only once the original is stopped for good: both would run the same scheduled posts.');
    });
  } catch (e) {
    if (e instanceof OpsError) throw new CliError(EXIT.ERROR, e.message);
    throw e;
  }
}
