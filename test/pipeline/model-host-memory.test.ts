// The model host is started light: a small young generation, its JavaScript interpreted (no optimising
// or baseline compiler: its engines are glue around native code, but WebAssembly still there) and
// one malloc arena for all its threads, giving freed memory back past 128 kB.
import { afterAll, describe, expect, it } from 'vitest';
import { closeModelHosts, HostedClient } from '../../daemon/pipeline/model-host.js';

/** An engine that tells how its host was started. */
class HostLook extends HostedClient<null, { execArgv: string[]; arenas?: string; trim?: string; wasm: string }> {
  constructor() {
    const source = '(require) => () => ({ execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX, trim: process.env.MALLOC_TRIM_THRESHOLD_, wasm: typeof WebAssembly })';
    super({ name: 'host-look', source, what: 'host look', error: (m) => new Error(m) }, {});
  }

  look() {
    return this.run(null);
  }
}

afterAll(() => closeModelHosts());

describe('the model host process', () => {
  it('runs with a 1 MB young generation, its JavaScript interpreted, WebAssembly there, and one malloc arena', async () => {
    const seen = await new HostLook().look();
    expect(seen.execArgv).toEqual(expect.arrayContaining(['--max-semi-space-size=1', '--no-opt', '--no-sparkplug', '--no-maglev', '--max-lazy']));
    expect(seen.wasm).toBe('object');
    expect(seen.arenas).toBe('1');
    expect(seen.trim).toBe('131072');
  });
});
