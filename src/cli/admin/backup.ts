import { resolve } from 'node:path';
import type { CliContext } from '../context.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { defaultDataDir, loadOpsTools } from '../local-daemon.js';

export interface BackupOptions {
  dataDir?: string;
  to: string;
}

/** `clipper admin backup --to DIR`: a consistent copy of a data dir, while its daemon runs (issue 31, item 3). */
export async function run(opts: BackupOptions, ctx: CliContext): Promise<void> {
  if (!opts.to?.trim()) throw usageError('--to must name a folder');
  const { backupDataDir, OpsError } = await loadOpsTools();
  const dataDir = resolve(opts.dataDir ?? defaultDataDir(ctx.env));
  try {
    const manifest = await backupDataDir(dataDir, opts.to, ctx.env);
    ctx.out.data({ backup: resolve(opts.to), data_dir: dataDir, ...manifest }, () =>
      ctx.out.line(`Backed up ${dataDir} to ${resolve(opts.to)}: the ${manifest.database} database and ${manifest.files} files (${manifest.bytes} bytes)`));
  } catch (e) {
    if (e instanceof OpsError) throw new CliError(EXIT.ERROR, e.message);
    throw e;
  }
}
