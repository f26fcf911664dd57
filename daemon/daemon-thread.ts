import { Worker, type ResourceLimits } from 'node:worker_threads';
import { logChildOutput } from './child-output.js';
import { keepAfterStart } from '../src/util/young-generation.js';

/**
 * A thread of the daemon running CommonJS `source`: what it prints reaches the log as records
 * naming `name`, and its start leaves the daemon's small young generation as it was. No
 * inherited execArgv: a loader or `--input-type=module` would take the source's `require`.
 */
export function daemonThread(name: string, source: string, opts: { workerData?: unknown; resourceLimits?: ResourceLimits } = {}): Worker {
  const worker = new Worker(source, { eval: true, execArgv: [], stdout: true, stderr: true, ...opts });
  keepAfterStart(worker);
  logChildOutput(name, worker.stdout);
  logChildOutput(name, worker.stderr);
  return worker;
}
