import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faceDetector, packagePaths, wholeFrame } from '../../daemon/pipeline/framing/detector.js';
import { FACE_HANDLER_SOURCE } from '../../daemon/pipeline/framing/face-worker.js';
import type { FaceRequest, FoundFace } from '../../daemon/pipeline/framing/face-thread.js';
import { closeModelHosts, HostedClient, modelHostsStarted } from '../../daemon/pipeline/model-host.js';
import { faceFootage, MOVE } from './footage.js';

// With no model host running other engines, the face detector runs on a thread of the daemon,
// not in a Node process of its own, and finds the same faces, to the pixel and score, as the same
// engine in a model host.

/** The engine in a model host, asked directly. */
class InHost extends HostedClient<FaceRequest, FoundFace[]> {
  detect(request: FaceRequest): Promise<FoundFace[]> {
    return this.run(request);
  }
}

/** One frame of the moving-face footage at `t` s, 640x360 RGB. */
function frameAt(t: number): Buffer {
  const file = join(faceFootage(), MOVE.file);
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(t), '-i', file, '-frames:v', '1', '-vf', 'scale=640:360', '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1'], { maxBuffer: 1 << 24 });
}

afterAll(() => closeModelHosts());

describe('the face detector without other engines', () => {
  it('runs on a thread (no model host is started) and finds what the engine finds in a host', async () => {
    const frame = frameAt(1);
    const hostsBefore = modelHostsStarted().length;
    const detector = faceDetector();
    const onThread = await detector.detect(frame, 640, 360);
    expect(modelHostsStarted().length).toBe(hostsBefore);
    expect((detector as unknown as { threadId?: number }).threadId).toBeGreaterThan(0);
    expect(onThread.length).toBeGreaterThan(0);

    const host = new InHost({ name: 'faces-in-host', source: FACE_HANDLER_SOURCE, what: 'face detection', error: (m) => new Error(m) }, packagePaths());
    const tiles = wholeFrame(640, 360).map((t) => [t.x, t.y, t.w, t.h, t.inputSize]);
    const rgb = new Uint8Array(frame).buffer;
    const inHost = await host.detect({ width: 640, height: 360, rgb, tiles, minScore: 0.5 });
    expect(modelHostsStarted().length).toBe(hostsBefore + 1);
    expect(onThread).toEqual(inHost);
  }, 300_000);
});
