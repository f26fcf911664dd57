import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Names a missing system tool and its install command before any test runs.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Media tests spawn ffmpeg and speech recognition: two cores, so few files at once.
    maxWorkers: 2,
    pool: 'forks',
  },
});
