import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFraming } from '../../daemon/pipeline/framing/index.js';
import { faceDetector } from '../../daemon/pipeline/framing/detector.js';
import { modelHostsStarted } from '../../daemon/pipeline/model-host.js';

// With no model host running other engines, a clip's framing detects faces on a thread of the
// daemon (no Node process of its own), and the thread ends once the clip is framed, so its
// memory is not held beside the preview encode that follows; the next framing starts one again.
const SAMPLE = join(__dirname, '..', '..', 'fixtures', 'sample.mp4');

describe('the face detector after a framing', () => {
  it('is ended when the clip is framed, starts no model host, and the next framing starts it again', async () => {
    const hosts = modelHostsStarted().length;
    const detector = faceDetector() as unknown as { threadId?: number; queue: Promise<unknown> };
    const plan = await analyseFraming(SAMPLE, { start: 10, end: 13, source: { width: 854, height: 480 } });
    expect(plan.layout).toBeTruthy();
    expect(plan.reason ?? '').not.toMatch(/failed|not installed|could not start/);
    await detector.queue;
    expect(detector.threadId).toBeUndefined();
    await analyseFraming(SAMPLE, { start: 20, end: 23, source: { width: 854, height: 480 } });
    await detector.queue;
    expect(detector.threadId).toBeUndefined();
    expect(modelHostsStarted().length).toBe(hosts);
  }, 120_000);
});
