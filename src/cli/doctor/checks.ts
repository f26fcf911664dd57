import type { CliContext } from '../context.js';
import type { Resolved } from '../credentials.js';
import { credentialsValid, serviceReachable } from './connection.js';
import { dataDirDiskSpace } from './storage.js';
import { mediaChecks } from './media.js';
import { languageModel } from './llm.js';
import { wordVectors } from './word-vectors.js';
import { recommendedModels } from './models.js';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  status: CheckStatus;
  /** What was found, e.g. "ffmpeg 5.1.6 at /usr/bin/ffmpeg". */
  detail: string;
  /** What to do about a warn or fail. */
  fix?: string;
}

/** What every check gets: the CLI context, where the CLI points, and the local data dir. */
export interface DoctorEnv {
  ctx: CliContext;
  target: Resolved;
  /** The local daemon's data dir (--data-dir, CLIPPER_DATA_DIR or the default). */
  dataDir: string;
  /** Whether the target is the local daemon rather than a hosted deployment. */
  local: boolean;
  /** Results of the checks that ran before, by id, for checks that depend on them. */
  results: Map<string, CheckResult>;
}

export interface DoctorCheck {
  id: string;
  title: string;
  run(env: DoctorEnv): Promise<CheckResult>;
}

/**
 * Every check `clipper doctor` runs, in order. It is a plain list so that each part of the
 * system adds its own checks here (media: ffmpeg and ffprobe versions, transcription engine,
 * yt-dlp) without touching the command.
 */
export const DOCTOR_CHECKS: DoctorCheck[] = [serviceReachable, credentialsValid, dataDirDiskSpace, ...mediaChecks, languageModel, wordVectors, recommendedModels];
