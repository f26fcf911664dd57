import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliStateDir as stateDir } from '../running-daemons.js';

/** One job this CLI created, as remembered in the local history. */
export interface JobRecord {
  job_id: string;
  created_at: number;
  base_url: string;
  source: string;
  criteria?: string;
  target_duration?: number;
  language?: string;
}

export { cliStateDir as stateDir } from '../running-daemons.js';

/**
 * The jobs this CLI created (`jobs.jsonl`, one JSON object a line), so `clipper clips list`
 * can show them: the spec has no endpoint that lists jobs. Appending a line is atomic enough
 * for one writer per job; a torn last line is skipped when reading.
 */
export class JobHistory {
  readonly file: string;
  constructor(env: NodeJS.ProcessEnv) {
    this.file = join(stateDir(env), 'jobs.jsonl');
  }

  add(record: JobRecord): void {
    mkdirSync(join(this.file, '..'), { recursive: true, mode: 0o700 });
    appendFileSync(this.file, JSON.stringify(record) + '\n', { mode: 0o600 });
  }

  /** Newest first. */
  list(): JobRecord[] {
    if (!existsSync(this.file)) return [];
    const out: JobRecord[] = [];
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      try {
        if (line.trim()) out.push(JSON.parse(line) as JobRecord);
      } catch {
        /* a torn line from an interrupted write */
      }
    }
    return out.reverse();
  }
}
