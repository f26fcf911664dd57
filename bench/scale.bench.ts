// `npm run bench scale` (issue 21, item 5): what a deployment spread over processes costs, side
// by side in one run, one section each (bench/scale/): upload throughput through presigned S3
// URLs against the disk store, then jobs per minute with one and with two worker processes.
// BENCH_SCALE_PARTS=uploads or =jobs runs one section.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobsPerMinute } from './scale/jobs.js';
import { uploadThroughput } from './scale/uploads.js';

export async function run(): Promise<void> {
  const parts = process.env.BENCH_SCALE_PARTS ?? 'uploads,jobs';
  const work = mkdtempSync(join(tmpdir(), 'clipper-bench-scale-'));
  try {
    if (parts.includes('uploads')) await uploadThroughput(work);
    if (parts.includes('jobs')) await jobsPerMinute();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
