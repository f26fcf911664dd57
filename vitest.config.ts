import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Names a missing system tool and its install command before any test runs.
    globalSetup: ['test/global-setup.ts'],
    // Real media work (framing, 1080x1920 renders, recognition) takes minutes when the 2-core
    // machine is shared; a timeout is a hang detector here, never a speed check (benchmarks are).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Media tests spawn ffmpeg and speech recognition, and many wait on child processes and
    // loopback servers: on two cores, three files at once keep both busy (with two, the suite
    // used 1.6 cores on average) without starving the media work.
    maxWorkers: 3,
    pool: 'forks',
    // Tests reach no host but loopback: the model hub is a closed loopback port unless a test
    // serves one (a job with a request would otherwise look for the sentence encoder online).
    env: { CLIPPER_MODEL_HUB: 'http://127.0.0.1:9' },
  },
});
