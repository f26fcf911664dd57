import { describe, expect, it } from 'vitest';
import { faceDetector } from '../../daemon/pipeline/framing/detector.js';

// The face detector's own process (detector.ts) dies in native code: the detection in flight, or
// the next one sent before the daemon has seen the end, fails saying how it ended; the next call
// starts a fresh process. The daemon lives on.
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('the face detector process', () => {
  it('fails a request sent to a process that died unseen with how it died, then starts again', async () => {
    const detector = faceDetector();
    const blank = Buffer.alloc(64 * 64 * 3);
    expect(await detector.detect(blank, 64, 64)).toEqual([]);
    const pid = (detector as unknown as { pid?: number }).pid!;
    process.kill(pid, 'SIGABRT');
    block(500); // the parent has not seen the end when the request goes out
    await expect(detector.detect(blank, 64, 64)).rejects.toThrow(/face detection stopped \(SIGABRT\)/);
    expect(await detector.detect(blank, 64, 64)).toEqual([]);
    expect((detector as unknown as { pid?: number }).pid).not.toBe(pid);
  }, 60_000);
});
