/**
 * Crash points for tests of crash safety. With `CLIPPER_FAILPOINTS=name[,name...]` in the
 * environment, reaching a named point kills the process at once with SIGKILL: no cleanup, no
 * finally blocks, exactly like a power cut. Without the variable this is a no-op.
 */
export function failpoint(name: string): void {
  if (process.env.CLIPPER_FAILPOINTS?.split(',').includes(name)) process.kill(process.pid, 'SIGKILL');
}
