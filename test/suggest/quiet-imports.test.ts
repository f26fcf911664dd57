// natural's index prints "injected env" lines on stdout when imported (FACTS.md); the language
// toolkit loads only submodules. A child process imports everything, does real WordNet look-ups and
// a real suggestion, and must leave stdout empty (it would corrupt `clipper ... --json`).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('language toolkit imports', () => {
  it('write nothing to stdout', () => {
    const script = fileURLToPath(new URL('./fixtures/quiet-run.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/clips: [1-9]\d*; related: [1-9]\d*; phrases: 2/); // it really ran
    expect(run.stdout).toBe('');
  });
});
