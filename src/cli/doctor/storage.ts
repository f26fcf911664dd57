import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatBytes } from '../progress.js';
import type { CheckResult, DoctorCheck, DoctorEnv } from './checks.js';

/** Below these, renders and uploads start failing part-way (a 1080p render is hundreds of MB). */
export const DISK_FAIL_BYTES = 1024 ** 3;
export const DISK_WARN_BYTES = 5 * 1024 ** 3;

/** Free space where the local daemon keeps its database and objects. */
export const dataDirDiskSpace: DoctorCheck = {
  id: 'disk',
  title: 'disk space of the data dir',
  async run({ dataDir, local }: DoctorEnv): Promise<CheckResult> {
    if (!local) return { status: 'skip', detail: 'the CLI points at a hosted deployment' };
    let dir = dataDir;
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
    const fs = await statfs(dir);
    const free = fs.bavail * fs.bsize;
    const detail = `${formatBytes(free)} free at ${dataDir}${dir === dataDir ? '' : ' (not created yet)'}`;
    if (free < DISK_FAIL_BYTES) return { status: 'fail', detail, fix: 'Free some space, or move the data dir (--data-dir / CLIPPER_DATA_DIR) to a larger disk.' };
    if (free < DISK_WARN_BYTES) return { status: 'warn', detail, fix: 'Renders and long uploads need several GB; free some space soon.' };
    return { status: 'ok', detail };
  },
};
