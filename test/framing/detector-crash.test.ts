import { describe, expect, it } from 'vitest';
import { faceDetector } from '../../daemon/pipeline/framing/detector.js';

// The face detector's thread (detector.ts, face-thread.ts) ends under it: the detection in
// flight, or the next one sent before the daemon has seen the end, fails saying how it ended;
// the next call starts a fresh thread. The daemon lives on.
type Inside = { threadId?: number; thread?: { worker: { terminate(): Promise<number> } } };

describe('the face detector thread', () => {
  it('fails a request sent to a thread that ended unseen with how it ended, then starts again', async () => {
    const detector = faceDetector();
    const blank = Buffer.alloc(64 * 64 * 3);
    expect(await detector.detect(blank, 64, 64)).toEqual([]);
    const inside = detector as unknown as Inside;
    const id = inside.threadId!;
    expect(id).toBeGreaterThan(0);
    const ending = inside.thread!.worker.terminate(); // the detector has not seen the end when the request goes out
    await expect(detector.detect(blank, 64, 64)).rejects.toThrow(/face detection stopped \(exit code 1\)/);
    await ending;
    expect(await detector.detect(blank, 64, 64)).toEqual([]);
    expect(inside.threadId).not.toBe(id);
  }, 60_000);
});
