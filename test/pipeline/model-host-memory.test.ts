// The model host is started light: a small young generation, V8's lite mode (no optimising
// compiler: its engines are glue around native code) and one malloc arena for all its threads.
import { afterAll, describe, expect, it } from 'vitest';
import { closeModelHosts, HostedClient } from '../../daemon/pipeline/model-host.js';

/** An engine that tells how its host was started. */
class HostLook extends HostedClient<null, { execArgv: string[]; arenas?: string }> {
  constructor() {
    const source = '(require) => () => ({ execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX })';
    super({ name: 'host-look', source, what: 'host look', error: (m) => new Error(m) }, {});
  }

  look() {
    return this.run(null);
  }
}

afterAll(() => closeModelHosts());

describe('the model host process', () => {
  it('runs with a 1 MB young generation, lite mode and one malloc arena', async () => {
    const seen = await new HostLook().look();
    expect(seen.execArgv).toEqual(expect.arrayContaining(['--max-semi-space-size=1', '--lite-mode']));
    expect(seen.arenas).toBe('1');
  });
});
