import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Issue 31, item 6: no container engine runs here, so CI replays the Dockerfile's steps instead
// (scripts/container-build.mjs): the build stage's RUN lines, `npm prune --omit=dev` included,
// the final stage's COPY --from=build layout, then its ENTRYPOINT + CMD from that folder alone
// until its HEALTHCHECK passes. A runtime import of a dev dependency, a file the image does not
// copy, or a build step that fails, fails here.

describe('the container image, its steps replayed', () => {
  it('builds, keeps only production dependencies, names its commit and passes its HEALTHCHECK', async () => {
    const r = await promisify(execFile)(process.execPath, ['scripts/container-build.mjs'], { timeout: 540_000, maxBuffer: 16 * 1024 * 1024 }).catch((e: { code: number; stderr: string }) => e);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('container-build: '));
    expect(lines.at(-1), r.stderr.slice(-3000)).toBe("container-build: the image's steps all worked");
    expect(lines).toContainEqual(expect.stringMatching(/^container-build: clipper --version: \S+ \(commit [0-9a-f]{7,}, migrations/));
    expect(lines).toContainEqual(expect.stringMatching(/^container-build: HEALTHCHECK passed on port \d+$/));
  }, 600_000);
});
