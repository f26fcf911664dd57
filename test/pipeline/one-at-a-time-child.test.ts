import { describe, expect, it } from 'vitest';
import { OneAtATimeChild, type ChildExit } from '../../daemon/pipeline/one-at-a-time-child.js';

// The child-process base every native engine runs in (the recogniser, the language model, the
// encoder): a request meets a process that may have died a moment ago, and says how it died.
class Ended extends Error {
  constructor(message: string, readonly exit?: ChildExit) {
    super(message);
  }
}

class Echo extends OneAtATimeChild<{ n: number }, number> {
  constructor() {
    super(`process.on('message', (m) => process.send({ id: m.id, result: m.n * 2 })); process.on('disconnect', () => process.exit(0));`, process.env, 'echo', (m, _log, exit) => new Ended(m, exit));
  }
  ask(n: number): Promise<number> {
    return this.request({ n });
  }
}

const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('a process answering one request at a time', () => {
  it('answers, and a request sent to a process that died unseen fails with how it died', async () => {
    const child = new Echo();
    expect(await child.ask(21)).toBe(42);
    process.kill(child.pid!, 'SIGABRT');
    // The event loop is held, so the parent has not seen the end when the request goes out.
    block(500);
    expect(child.alive).toBe(true);
    const err = await child.ask(1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Ended);
    expect(err).toMatchObject({ exit: { code: null, signal: 'SIGABRT' } });
    expect(child.alive).toBe(false);
  });
});
