import type { CliContext } from '../context.js';
import { renderTransfer, TransferMeter } from '../progress.js';
import { megabytes } from '../../util/megabytes.js';


/**
 * A progress bar per file on a terminal for `models add` and `models setup` (nothing in a pipe
 * or with --json): `onProgress` for installModel, `end` to finish the last line.
 */
export function downloadProgress(ctx: CliContext) {
  const showProgress = !!ctx.io.stderr.isTTY && !ctx.out.jsonMode;
  let file = '';
  let meter: TransferMeter | undefined;
  let drawn = 0;
  return {
    onProgress(received: number, total: number | undefined, name: string): void {
      if (!showProgress) return;
      if (name !== file || !meter) {
        if (meter) ctx.io.stderr.write('\n');
        file = name;
        meter = new TransferMeter(total ?? 0, received);
      }
      meter.add(received - meter.doneBytes);
      const now = Date.now();
      if (now - drawn < 100 && received !== total) return;
      drawn = now;
      ctx.io.stderr.write(`\r${total ? renderTransfer(name, meter) : `${name} ${megabytes(received)} MB`}   `);
    },
    end(): void {
      if (meter) ctx.io.stderr.write('\n');
      meter = undefined;
      file = '';
    },
  };
}
