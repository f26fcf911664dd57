import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Names a missing system tool and its install command before any test runs.
    globalSetup: ['test/global-setup.ts'],
    // One connection per request for test clients (an in-process daemon's keep-alive race).
    setupFiles: ['test/helpers/fresh-connections.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Media tests spawn ffmpeg and speech recognition: two cores, so few files at once.
    maxWorkers: 2,
    pool: 'forks',
  },
});
