import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const BIN = join(process.cwd(), 'bin', 'clipper');

export interface BuiltCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (bin/clipper: `npm run build` first) as a user does, with `env` alone. */
export function builtCli(env: NodeJS.ProcessEnv): (args: string[], extra?: NodeJS.ProcessEnv) => Promise<BuiltCliResult> {
  return async (args, extra = {}) => {
    try {
      const r = await run(BIN, args, { env: { ...env, ...extra } });
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  };
}
