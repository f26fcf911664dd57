import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFraming } from '../../daemon/pipeline/framing/index.js';
import { modelHostsStarted } from '../../daemon/pipeline/model-host.js';

// A host that runs only the face detector ends once a clip's framing is over, so its runtime's
// memory is not held beside the preview encode that follows (an idle host would live 60 s).
const SAMPLE = join(__dirname, '..', '..', 'fixtures', 'sample.mp4');

describe('the face detector host after a framing', () => {
  it('is ended when the clip is framed, and the next framing starts one again', async () => {
    const facesOnly = () => modelHostsStarted().filter((h) => h.engines.size === 1 && h.engines.has('faces'));
    const plan = await analyseFraming(SAMPLE, { start: 10, end: 13, source: { width: 854, height: 480 } });
    expect(plan.layout).toBeTruthy();
    expect(facesOnly().length).toBeGreaterThan(0);
    expect(facesOnly().filter((h) => h.usable)).toEqual([]);
    const before = facesOnly().length;
    await analyseFraming(SAMPLE, { start: 20, end: 23, source: { width: 854, height: 480 } });
    expect(facesOnly().length).toBe(before + 1);
    expect(facesOnly().filter((h) => h.usable)).toEqual([]);
  }, 120_000);
});
